import Foundation
import Models

/// Readers for each citydata section, from already listed rows.
enum CitydataSections {
    typealias V = CitydataValues

    /// Parking rows. The same PRK_CD can come twice (a static row without a count and a realtime twin with one):
    /// the twins merge, preferring the live count. One code can also cover two physical segments with different
    /// CPCTY: those stay apart.
    static func parking(_ rows: [[String: Any]]) -> [Citydata.ParkingRow] {
        var out: [Citydata.ParkingRow] = []
        for row in rows {
            guard let name = V.string(row["PRK_NM"]) else { continue }
            let live = V.string(row["CUR_PRK_YN"])?.uppercased() != "N"
            let parsed = Citydata.ParkingRow(
                name: name, code: V.string(row["PRK_CD"]), capacity: V.int(row["CPCTY"]),
                parked: live ? V.int(row["CUR_PRK_CNT"]).flatMap { $0 >= 0 ? $0 : nil } : nil,
                observedAt: V.seoulDate(row["CUR_PRK_TIME"]),
                coordinate: V.double(row["LAT"]).flatMap { lat in
                    V.double(row["LNG"]).map { Coordinate(lat: lat, lon: $0) }
                })
            if let code = parsed.code, let i = out.firstIndex(where: { twin($0, parsed, code: code) }) {
                out[i] = merge(out[i], parsed)
            } else {
                out.append(parsed)
            }
        }
        return out
    }

    static func twin(_ a: Citydata.ParkingRow, _ b: Citydata.ParkingRow, code: String) -> Bool {
        a.code == code && (a.capacity == nil || b.capacity == nil || a.capacity == b.capacity)
    }

    /// The row with a live count wins; what it lacks (capacity, position) comes from its twin.
    static func merge(_ a: Citydata.ParkingRow, _ b: Citydata.ParkingRow) -> Citydata.ParkingRow {
        var (best, other) = (a, b)
        if a.parked == nil, b.parked != nil {
            (best, other) = (b, a)
        } else if a.parked != nil, b.parked != nil, (b.observedAt ?? .distantPast) > (a.observedAt ?? .distantPast) {
            (best, other) = (b, a)
        }
        best.capacity = best.capacity ?? other.capacity
        best.coordinate = best.coordinate ?? other.coordinate
        return best
    }

    static func crowd(_ rows: [[String: Any]]) -> CrowdReading? {
        guard let row = rows.first, let label = V.string(row["AREA_CONGEST_LVL"]) else { return nil }
        let forecast = (V.list(row["FCST_PPLTN"]) ?? []).compactMap { point -> CrowdForecastPoint? in
            guard let at = V.seoulDate(point["FCST_TIME"]), let l = V.string(point["FCST_CONGEST_LVL"]) else {
                return nil
            }
            return CrowdForecastPoint(
                at: at, level: crowdLevel(l), populationMin: V.int(point["FCST_PPLTN_MIN"]),
                populationMax: V.int(point["FCST_PPLTN_MAX"]))
        }
        return CrowdReading(
            now: CrowdNow(
                level: crowdLevel(label), messageKo: V.string(row["AREA_CONGEST_MSG"]),
                populationMin: V.int(row["AREA_PPLTN_MIN"]),
                populationMax: V.int(row["AREA_PPLTN_MAX"]), observedAt: V.seoulDate(row["PPLTN_TIME"])),
            forecast: forecast.sorted { $0.at < $1.at })
    }

    static func crowdLevel(_ label: String) -> OpenEnum<CrowdLevel> {
        CrowdLevel(seoulLabel: label).map(OpenEnum.known) ?? .unknown(label)
    }

    /// Weather now, its 24-hour forecast (FCST24HOURS) and warnings (NEWS_LIST, as notices).
    static func weather(_ rows: [[String: Any]]) -> (weather: Weather?, warnings: [ParkNotice]) {
        guard let row = rows.first else { return (nil, []) }
        let forecast = (V.list(row["FCST24HOURS"]) ?? []).compactMap { point -> WeatherForecastPoint? in
            guard let at = V.seoulDate(point["FCST_DT"]) else { return nil }
            return WeatherForecastPoint(
                at: at, temperatureC: V.double(point["TEMP"]),
                precipitation: V.string(point["PRECPT_TYPE"]).map(precipitation),
                precipitationChance: V.int(point["RAIN_CHANCE"]), sky: V.string(point["SKY_STTS"]))
        }
        let weather = Weather(
            temperatureC: V.double(row["TEMP"]), feelsLikeC: V.double(row["SENSIBLE_TEMP"]),
            precipitation: V.string(row["PRECPT_TYPE"]).map(precipitation),
            precipitationText: V.string(row["PRECIPITATION"]),
            pm10: V.int(row["PM10"]), pm25: V.int(row["PM25"]), air: V.string(row["AIR_IDX"]).map(air),
            observedAt: V.seoulDate(row["WEATHER_TIME"]),
            forecast: forecast.isEmpty ? nil : forecast.sorted { $0.at < $1.at })
        let warnings = (V.list(row["NEWS_LIST"]) ?? []).compactMap { news -> ParkNotice? in
            guard V.flag(news["CANCEL_YN"]) != true else { return nil }
            let title = [V.string(news["WARN_VAL"]), V.string(news["WARN_STRESS"])].compactMap { $0 }.joined(
                separator: " ")
            guard let text = V.string(news["WARN_MSG"]) ?? (title.isEmpty ? nil : title) else { return nil }
            let since = V.seoulDate(news["ANNOUNCE_TIME"])
            return ParkNotice(
                id: "seoul-warning-" + stableID(title + text), kind: .known(.warning),
                text: PublicText(ko: title.isEmpty || text.hasPrefix(title) ? text : "\(title): \(text)"), since: since)
        }
        return (weather, warnings)
    }

    static func precipitation(_ text: String) -> OpenEnum<Precipitation> {
        switch text {
        case "없음": .known(.none)
        case "비": .known(.rain)
        case "비/눈", "빗방울/눈날림": .known(.rainAndSnow)
        case "눈", "눈날림": .known(.snow)
        case "소나기", "빗방울": .known(.shower)
        default: .unknown(text)
        }
    }

    static func air(_ text: String) -> OpenEnum<AirQuality> {
        switch text.filter({ !$0.isWhitespace }) {
        case "좋음": .known(.good)
        case "보통": .known(.moderate)
        case "나쁨": .known(.bad)
        case "매우나쁨": .known(.veryBad)
        default: .unknown(text)
        }
    }

    /// Cultural events near the place, with their period in Seoul time.
    static func events(_ rows: [[String: Any]]) -> [ParkEvent] {
        rows.compactMap { row in
            guard let name = V.string(row["EVENT_NM"]), let period = V.period(row["EVENT_PERIOD"]) else { return nil }
            return ParkEvent(
                id: "seoul-event-" + stableID(name + (V.string(row["EVENT_PERIOD"]) ?? "")),
                title: PublicText(ko: name),
                startsAt: period.start, endsAt: period.end, affectsParking: false,
                place: V.string(row["EVENT_PLACE"]).map { PublicText(ko: $0) }, url: V.string(row["URL"]),
                free: V.flag(row["PAY_YN"]).map { !$0 })
        }
    }

    /// Disaster text messages, as warning notices.
    static func disasterMessages(_ rows: [[String: Any]]) -> [ParkNotice] {
        rows.compactMap { row in
            guard let text = V.string(V.first(row, "MSG_CN", "DST_MSG", "MSG")) else { return nil }
            let kind = V.string(V.first(row, "DST_SE_NM", "EMRG_STEP_NM"))
            return ParkNotice(
                id: "seoul-disaster-" + stableID(text), kind: .known(.warning),
                text: PublicText(ko: kind.map { "[\($0)] \(text)" } ?? text),
                since: V.seoulDate(V.first(row, "CRT_DT", "REG_DT", "SEND_DT")))
        }
    }

    /// The average road traffic (ROAD_TRAFFIC_STTS.AVG_ROAD_DATA).
    static func roadTraffic(_ rows: [[String: Any]]) -> RoadTraffic? {
        guard let average = rows.first.flatMap({ V.list($0["AVG_ROAD_DATA"]) })?.first,
            let index = V.string(average["ROAD_TRAFFIC_IDX"])
        else { return nil }
        let level: OpenEnum<RoadTrafficLevel> =
            switch index {
            case "원활": .known(.smooth)
            case "서행": .known(.slow)
            case "정체": .known(.congested)
            default: .unknown(index)
            }
        return RoadTraffic(
            level: level, speedKmh: V.double(average["ROAD_TRAFFIC_SPD"]),
            message: V.string(average["ROAD_MSG"]).map { PublicText(ko: $0) },
            observedAt: V.seoulDate(V.first(average, "ROAD_TRAFFIC_TIME", "ROAD_TRFFIC_TIME")))
    }

    /// A short stable id for published text (FNV-1a), so the same item keeps its id across collections.
    static func stableID(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 16)
    }
}
