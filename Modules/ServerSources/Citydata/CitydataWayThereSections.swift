import Foundation
import Models

/// Readers for the way-there sections. Each returns what it read and how many rows it dropped: a row without a
/// name, with a detail of unknown shape or with a position outside Seoul is dropped and counted, never the section;
/// duplicates (a station listed twice) are merged, not counted.
enum CitydataWayThereSections {
    typealias V = CitydataValues
    /// What a reader read, and the rows it could not.
    typealias Read<Item> = (items: [Item], dropped: Int)

    static func bikes(_ rows: [[String: Any]]) -> Read<BikeStation> {
        var stations: [BikeStation] = []
        var dropped = 0
        for row in rows {
            let place = Place(lat: row["SBIKE_Y"], lon: row["SBIKE_X"])
            guard let spot = V.string(row["SBIKE_SPOT_NM"]), !place.isOutside else {
                dropped += 1
                continue
            }
            let (number, name) = numbered(spot)
            let station = BikeStation(
                id: V.string(row["SBIKE_SPOT_ID"]), number: number, name: name,
                bikes: V.int(row["SBIKE_PARKING_CNT"]).flatMap { $0 >= 0 ? $0 : nil },
                racks: V.int(row["SBIKE_RACK_CNT"]).flatMap { $0 >= 0 ? $0 : nil },
                coordinate: place.coordinate)
            if !stations.contains(where: { same($0, station) }) { stations.append(station) }
        }
        return (stations, dropped)
    }

    /// A row's position: none when it gives none (the row stays, without one); a position outside Seoul is a
    /// wrong one, and drops the row (a station in the sea is no station near the park).
    enum Place {
        case none
        case inSeoul(Coordinate)
        case outside
        init(lat: Any?, lon: Any?) {
            // Missing, or Seoul's (0, 0) for "no position".
            guard let y = V.double(lat), let x = V.double(lon), y != 0 || x != 0 else {
                self = .none
                return
            }
            // Anything else not in Seoul is wrong: elsewhere, swapped, or not on Earth.
            let coordinate = Coordinate(lat: y, lon: x)
            self = coordinate.isInSeoul ? .inSeoul(coordinate) : .outside
        }
        var coordinate: Coordinate? {
            if case .inSeoul(let coordinate) = self { coordinate } else { nil }
        }
        var isOutside: Bool {
            if case .outside = self { true } else { false }
        }
    }

    /// `4217. 한강공원 망원나들목` as its number and its name; a name without a number stays whole.
    static func numbered(_ spot: String) -> (number: String?, name: String) {
        guard let dot = spot.firstIndex(of: "."), !spot[..<dot].isEmpty, spot[..<dot].allSatisfy(\.isNumber) else {
            return (nil, spot)
        }
        let name = spot[spot.index(after: dot)...].trimmingCharacters(in: .whitespaces)
        return (String(spot[..<dot]), name.isEmpty ? spot : name)
    }

    private static func same(_ a: BikeStation, _ b: BikeStation) -> Bool {
        if let id = a.id, let other = b.id { return id == other }
        return a.name == b.name && a.number == b.number
    }

    static func subway(_ rows: [[String: Any]]) -> Read<SubwayStation> {
        var stations: [SubwayStation] = []
        var dropped = 0
        for row in rows {
            let place = Place(lat: row["SUB_STN_Y"], lon: row["SUB_STN_X"])
            guard let name = V.string(row["SUB_STN_NM"]), !place.isOutside else {
                dropped += 1
                continue
            }
            guard let details = V.list(row["SUB_DETAIL"], named: "SUB_DETAIL") else {
                dropped += 1
                continue
            }
            let arrivals = details.map { detail in
                TrainArrival(
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
                    stations[index].coordinate ?? place.coordinate
            } else {
                stations.append(
                    SubwayStation(
                        name: name, lines: line.map { [$0] } ?? [],
                        coordinate: place.coordinate,
                        arrivals: arrivals.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }))
            }
        }
        return (stations, dropped)
    }

    static func busStops(_ rows: [[String: Any]]) -> Read<BusStop> {
        var stops: [BusStop] = []
        var dropped = 0
        for row in rows {
            let place = Place(lat: row["BUS_STN_Y"], lon: row["BUS_STN_X"])
            guard let name = V.string(row["BUS_STN_NM"]), !place.isOutside,
                let details = V.list(row["BUS_DETAIL"], named: "BUS_DETAIL")
            else {
                dropped += 1
                continue
            }
            let routes = details.compactMap { detail -> BusRoute? in
                guard let route = V.string(detail["RTE_NM"]) else { return nil }
                return BusRoute(
                    name: route,
                    arrivals: [detail["RTE_ARRV_TM_1"], detail["RTE_ARRV_TM_2"]].compactMap { V.string($0) },
                    crowding: [detail["RTE_CONGEST_1"], detail["RTE_CONGEST_2"]].compactMap { V.string($0) }
                        .filter { $0 != "정보없음" })
            }
            let stop = BusStop(
                name: name, id: V.string(row["BUS_STN_ID"]), arsNumber: V.string(row["BUS_ARS_ID"]),
                coordinate: place.coordinate, routes: routes)
            let key = stop.id ?? stop.arsNumber
            if !stops.contains(where: { ($0.id ?? $0.arsNumber) == key && (key != nil || $0.name == name) }) {
                stops.append(stop)
            }
        }
        return (stops, dropped)
    }

    static func chargers(_ rows: [[String: Any]]) -> Read<ChargingStation> {
        var stations: [ChargingStation] = []
        var dropped = 0
        for row in rows {
            let place = Place(lat: row["STAT_Y"], lon: row["STAT_X"])
            guard let name = V.string(row["STAT_NM"]), !place.isOutside,
                let details = V.list(row["CHARGER_DETAILS"], named: "CHARGER_DETAILS")
            else {
                dropped += 1
                continue
            }
            var seen: Set<String> = []
            var counts: [ChargerCount] = []
            var observed: Date?
            for detail in details {
                // A charger listed twice is counted once.
                if let id = V.string(detail["CHARGER_ID"]), !seen.insert(id).inserted { continue }
                let (speed, state) = (speed(V.string(detail["CHARGER_TYPE"])), state(V.string(detail["CHARGER_STAT"])))
                if let index = counts.firstIndex(where: { $0.speed == speed && $0.state == state }) {
                    counts[index].count += 1
                } else {
                    counts.append(ChargerCount(speed: speed, state: state, count: 1))
                }
                if let at = V.seoulDate(detail["STATUPDDT"]) { observed = max(observed ?? at, at) }
            }
            let station = ChargingStation(
                id: V.string(row["STAT_ID"]), name: name, address: V.string(row["STAT_ADDR"]),
                coordinate: place.coordinate,
                hours: V.string(row["STAT_USETIME"]), paidParking: V.flag(row["STAT_PARKPAY"]), chargers: counts,
                observedAt: observed)
            if !stations.contains(where: { $0.id != nil && $0.id == station.id }) { stations.append(station) }
        }
        return (stations, dropped)
    }

    /// Any DC connector charges fast; AC alone (완속, AC3상) slowly.
    static func speed(_ type: String?) -> OpenEnum<ChargerSpeed> {
        guard let type = type?.uppercased() else { return .known(.unknown) }
        if type.contains("DC") || type.contains("급속") { return .known(.fast) }
        if type.contains("AC") || type.contains("완속") { return .known(.slow) }
        return .known(.unknown)
    }

    /// Seoul's word for a charger's state; a word not known here is kept as sent.
    static func state(_ text: String?) -> OpenEnum<ChargerState> {
        switch text {
        case "사용가능"?, "충전대기"?: .known(.free)
        case "충전중"?: .known(.charging)
        case "점검중"?, "운영중지"?: .known(.maintenance)
        case "상태미확인"?, "통신이상"?, nil: .known(.unknown)
        case let other?: .unknown(other)
        }
    }

    static func roadControls(_ rows: [[String: Any]]) -> Read<RoadControl> {
        var controls: [RoadControl] = []
        var dropped = 0
        for row in rows {
            let info = text(row["ACDNT_INFO"], row["ACDNT_ENG_INFO"])
            let type = text(row["ACDNT_TYPE"], row["ACDNT_ENG_TYPE"])
            let place = Place(lat: row["ACDNT_Y"], lon: row["ACDNT_X"])
            guard info != nil || type != nil, !place.isOutside else {
                dropped += 1
                continue
            }
            let control = RoadControl(
                type: type, detail: text(row["ACDNT_DTYPE"], row["ACDNT_ENG_DTYPE"]), info: info,
                since: V.seoulDate(row["ACDNT_OCCR_DT"]), expectedClear: V.seoulDate(row["EXP_CLR_DT"]),
                observedAt: V.seoulDate(row["ACDNT_TIME"]),
                coordinate: place.coordinate)
            let duplicate = controls.contains {
                $0.info == control.info && $0.since == control.since && $0.coordinate == control.coordinate
            }
            if !duplicate { controls.append(control) }
        }
        return (controls, dropped)
    }

    /// A Korean text with Seoul's English beside it; nil without the Korean (the original is what is published).
    static func text(_ korean: Any?, _ english: Any?) -> PublicText? {
        V.string(korean).map { PublicText(ko: $0, en: V.string(english)) }
    }
}
