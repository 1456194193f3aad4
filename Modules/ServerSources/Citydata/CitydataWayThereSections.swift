import Foundation
import Models

/// Readers for the way-there sections. Each returns what it read and how many rows it dropped: a row without a
/// name is dropped and counted, never the section; duplicates (a station listed twice) are merged, not counted.
enum CitydataWayThereSections {
    typealias V = CitydataValues
    /// What a reader read, and the rows it could not.
    typealias Read<Item> = (items: [Item], dropped: Int)

    static func bikes(_ rows: [[String: Any]]) -> Read<Citydata.BikeStation> {
        var stations: [Citydata.BikeStation] = []
        var dropped = 0
        for row in rows {
            guard let spot = V.string(row["SBIKE_SPOT_NM"]) else {
                dropped += 1
                continue
            }
            let (number, name) = numbered(spot)
            let station = Citydata.BikeStation(
                id: V.string(row["SBIKE_SPOT_ID"]), number: number, name: name,
                bikes: V.int(row["SBIKE_PARKING_CNT"]).flatMap { $0 >= 0 ? $0 : nil },
                racks: V.int(row["SBIKE_RACK_CNT"]).flatMap { $0 >= 0 ? $0 : nil },
                coordinate: V.coordinate(lat: row["SBIKE_Y"], lon: row["SBIKE_X"]))
            if !stations.contains(where: { same($0, station) }) { stations.append(station) }
        }
        return (stations, dropped)
    }

    /// `4217. 한강공원 망원나들목` as its number and its name; a name without a number stays whole.
    static func numbered(_ spot: String) -> (number: String?, name: String) {
        guard let dot = spot.firstIndex(of: "."), !spot[..<dot].isEmpty, spot[..<dot].allSatisfy(\.isNumber) else {
            return (nil, spot)
        }
        let name = spot[spot.index(after: dot)...].trimmingCharacters(in: .whitespaces)
        return (String(spot[..<dot]), name.isEmpty ? spot : name)
    }

    private static func same(_ a: Citydata.BikeStation, _ b: Citydata.BikeStation) -> Bool {
        if let id = a.id, let other = b.id { return id == other }
        return a.name == b.name && a.number == b.number
    }

    static func subway(_ rows: [[String: Any]]) -> Read<Citydata.SubwayStation> {
        var stations: [Citydata.SubwayStation] = []
        var dropped = 0
        for row in rows {
            guard let name = V.string(row["SUB_STN_NM"]) else {
                dropped += 1
                continue
            }
            guard let details = V.list(row["SUB_DETAIL"], named: "SUB_DETAIL") else {
                dropped += 1
                continue
            }
            let arrivals = details.map { detail in
                Citydata.SubwayArrival(
                    line: V.string(detail["SUB_LINE"]), direction: V.string(detail["SUB_DIR"]),
                    terminal: V.string(detail["SUB_TERMINAL"]),
                    seconds: V.int(detail["SUB_ARVTIME"]).flatMap { $0 >= 0 ? $0 : nil },
                    words: V.string(detail["SUB_ARMG1"]))
            }
            let line = V.string(row["SUB_STN_LINE"])
            if let index = stations.firstIndex(where: { $0.name == name }) {
                if let line, !stations[index].lines.contains(line) { stations[index].lines.append(line) }
                for arrival in arrivals where !stations[index].arrivals.contains(arrival) {
                    stations[index].arrivals.append(arrival)
                }
                stations[index].coordinate =
                    stations[index].coordinate ?? V.coordinate(lat: row["SUB_STN_Y"], lon: row["SUB_STN_X"])
            } else {
                stations.append(
                    Citydata.SubwayStation(
                        name: name, lines: line.map { [$0] } ?? [],
                        coordinate: V.coordinate(lat: row["SUB_STN_Y"], lon: row["SUB_STN_X"]),
                        arrivals: arrivals.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }))
            }
        }
        return (stations, dropped)
    }

    static func busStops(_ rows: [[String: Any]]) -> Read<Citydata.BusStop> {
        var stops: [Citydata.BusStop] = []
        var dropped = 0
        for row in rows {
            guard let name = V.string(row["BUS_STN_NM"]),
                let details = V.list(row["BUS_DETAIL"], named: "BUS_DETAIL")
            else {
                dropped += 1
                continue
            }
            let routes = details.compactMap { detail -> Citydata.BusRoute? in
                guard let route = V.string(detail["RTE_NM"]) else { return nil }
                return Citydata.BusRoute(
                    name: route,
                    arrivals: [detail["RTE_ARRV_TM_1"], detail["RTE_ARRV_TM_2"]].compactMap { V.string($0) },
                    crowding: [detail["RTE_CONGEST_1"], detail["RTE_CONGEST_2"]].compactMap { V.string($0) }
                        .filter { $0 != "정보없음" })
            }
            let stop = Citydata.BusStop(
                name: name, id: V.string(row["BUS_STN_ID"]), arsNumber: V.string(row["BUS_ARS_ID"]),
                coordinate: V.coordinate(lat: row["BUS_STN_Y"], lon: row["BUS_STN_X"]), routes: routes)
            let key = stop.id ?? stop.arsNumber
            if !stops.contains(where: { ($0.id ?? $0.arsNumber) == key && (key != nil || $0.name == name) }) {
                stops.append(stop)
            }
        }
        return (stops, dropped)
    }

    static func chargers(_ rows: [[String: Any]]) -> Read<Citydata.ChargingStation> {
        var stations: [Citydata.ChargingStation] = []
        var dropped = 0
        for row in rows {
            guard let name = V.string(row["STAT_NM"]),
                let details = V.list(row["CHARGER_DETAILS"], named: "CHARGER_DETAILS")
            else {
                dropped += 1
                continue
            }
            var chargers: [Citydata.Charger] = []
            for detail in details {
                let charger = Citydata.Charger(
                    id: V.string(detail["CHARGER_ID"]), type: V.string(detail["CHARGER_TYPE"]),
                    speed: speed(V.string(detail["CHARGER_TYPE"])), state: state(V.string(detail["CHARGER_STAT"])),
                    outputKW: V.int(detail["OUTPUT"]).flatMap { $0 > 0 ? $0 : nil },
                    stateAt: V.seoulDate(detail["STATUPDDT"]))
                if charger.id == nil || !chargers.contains(where: { $0.id == charger.id }) { chargers.append(charger) }
            }
            let station = Citydata.ChargingStation(
                id: V.string(row["STAT_ID"]), name: name, address: V.string(row["STAT_ADDR"]),
                coordinate: V.coordinate(lat: row["STAT_Y"], lon: row["STAT_X"]),
                hours: V.string(row["STAT_USETIME"]), paidParking: V.flag(row["STAT_PARKPAY"]), chargers: chargers)
            if !stations.contains(where: { $0.id != nil && $0.id == station.id }) { stations.append(station) }
        }
        return (stations, dropped)
    }

    /// Any DC connector charges fast; AC alone (완속, AC3상) slowly.
    static func speed(_ type: String?) -> Citydata.ChargerSpeed {
        guard let type = type?.uppercased() else { return .unknown }
        if type.contains("DC") || type.contains("급속") { return .fast }
        if type.contains("AC") || type.contains("완속") { return .slow }
        return .unknown
    }

    static func state(_ text: String?) -> Citydata.ChargerState {
        switch text {
        case "사용가능"?, "충전대기"?: .free
        case "충전중"?: .charging
        case "점검중"?, "운영중지"?: .maintenance
        case "상태미확인"?, "통신이상"?, nil: .unknown
        case let other?: .other(other)
        }
    }

    static func roadControls(_ rows: [[String: Any]]) -> Read<Citydata.RoadControl> {
        var controls: [Citydata.RoadControl] = []
        var dropped = 0
        for row in rows {
            let info = Citydata.LocalizedText(
                korean: V.string(row["ACDNT_INFO"]), english: V.string(row["ACDNT_ENG_INFO"]))
            let type = Citydata.LocalizedText(
                korean: V.string(row["ACDNT_TYPE"]), english: V.string(row["ACDNT_ENG_TYPE"]))
            guard info.korean != nil || info.english != nil || type.korean != nil else {
                dropped += 1
                continue
            }
            let control = Citydata.RoadControl(
                type: type,
                detail: Citydata.LocalizedText(
                    korean: V.string(row["ACDNT_DTYPE"]), english: V.string(row["ACDNT_ENG_DTYPE"])),
                info: info, since: V.seoulDate(row["ACDNT_OCCR_DT"]), expectedClear: V.seoulDate(row["EXP_CLR_DT"]),
                observedAt: V.seoulDate(row["ACDNT_TIME"]),
                coordinate: V.coordinate(lat: row["ACDNT_Y"], lon: row["ACDNT_X"]))
            let duplicate = controls.contains {
                $0.info == control.info && $0.since == control.since && $0.coordinate == control.coordinate
            }
            if !duplicate { controls.append(control) }
        }
        return (controls, dropped)
    }
}
