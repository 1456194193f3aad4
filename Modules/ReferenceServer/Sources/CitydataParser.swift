import Foundation
import Models

/// One place of Seoul's real-time city data (`citydata`), read tolerantly: numbers may arrive as strings, floats
/// or empty strings, and an unknown shape is a failing source, never zero.
public struct Citydata: Sendable {
    /// A `PRK_STTS` row.
    public struct ParkingRow: Sendable, Hashable {
        public var name: String
        public var code: String?
        public var capacity: Int?
        /// Cars parked now; nil when `CUR_PRK_YN` is `N` or the count is missing.
        public var parked: Int?
        public var observedAt: Date?
        public var coordinate: Coordinate?

        public init(name: String, code: String?, capacity: Int?, parked: Int?, observedAt: Date?, coordinate: Coordinate?) {
            self.name = name
            self.code = code
            self.capacity = capacity
            self.parked = parked
            self.observedAt = observedAt
            self.coordinate = coordinate
        }
    }

    public var areaCode: String?
    public var parking: [ParkingRow]
    public var crowd: CrowdReading?
    public var weather: Weather?
}

/// What a citydata response means for the source state.
public enum CitydataResult: Sendable {
    case ok(Citydata)
    /// INFO-200: the service works but has no item for this place.
    case noItem
    /// Any error code, or a response that could not be read.
    case failing(String)
}

/// Parses citydata responses in the shapes documented for the Seoul Open Data Plaza.
public enum CitydataParser {
    /// Parses a response for the place `expectedArea` (its AREA_CD is verified).
    public static func parse(_ data: Data, expectedArea: String) -> CitydataResult {
        guard data.count <= 4 * 1024 * 1024,
              let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return .failing("citydata response is not JSON") }
        let result = root["RESULT"] as? [String: Any]
        let code = (result?["RESULT.CODE"] ?? result?["CODE"]) as? String
        let message = (result?["RESULT.MESSAGE"] ?? result?["MESSAGE"]) as? String ?? ""
        switch code {
        case "INFO-000"?: break
        case "INFO-200"?: return .noItem
        case let other?: return .failing("\(other) \(message)".trimmingCharacters(in: .whitespaces))
        case nil: return .failing("citydata response has no result code")
        }
        guard let city = root["CITYDATA"] as? [String: Any] else { return .failing("citydata response has no CITYDATA") }
        let area = string(city["AREA_CD"])
        if let area, area != expectedArea { return .failing("citydata answered for \(area), not \(expectedArea)") }
        return .ok(Citydata(
            areaCode: area, parking: parking(city["PRK_STTS"]), crowd: crowd(city["LIVE_PPLTN_STTS"]),
            weather: weather(city["WEATHER_STTS"])))
    }

    static func parking(_ value: Any?) -> [Citydata.ParkingRow] {
        guard let rows = value as? [[String: Any]] else { return [] }
        var byCode: [String: Citydata.ParkingRow] = [:]
        var order: [String] = []
        for row in rows {
            guard let name = string(row["PRK_NM"]) else { continue }
            let live = string(row["CUR_PRK_YN"])?.uppercased() != "N"
            let parsed = Citydata.ParkingRow(
                name: name, code: string(row["PRK_CD"]), capacity: int(row["CPCTY"]),
                parked: live ? int(row["CUR_PRK_CNT"]) : nil, observedAt: seoulDate(row["CUR_PRK_TIME"]),
                coordinate: double(row["LAT"]).flatMap { lat in double(row["LNG"]).map { Coordinate(lat: lat, lon: $0) } })
            let key = parsed.code ?? name
            if let existing = byCode[key] {
                // The same lot may come twice; prefer the row with a live count.
                if existing.parked == nil, parsed.parked != nil { byCode[key] = parsed }
            } else {
                byCode[key] = parsed
                order.append(key)
            }
        }
        return order.compactMap { byCode[$0] }
    }

    static func crowd(_ value: Any?) -> CrowdReading? {
        guard let row = (value as? [[String: Any]])?.first,
              let label = string(row["AREA_CONGEST_LVL"]) else { return nil }
        let level: OpenEnum<CrowdLevel> = CrowdLevel(seoulLabel: label).map(OpenEnum.known) ?? .unknown(label)
        let forecast = ((row["FCST_PPLTN"] as? [[String: Any]]) ?? []).compactMap { point -> CrowdForecastPoint? in
            guard let at = seoulDate(point["FCST_TIME"]), let l = string(point["FCST_CONGEST_LVL"]) else { return nil }
            return CrowdForecastPoint(
                at: at, level: CrowdLevel(seoulLabel: l).map(OpenEnum.known) ?? .unknown(l),
                populationMin: int(point["FCST_PPLTN_MIN"]), populationMax: int(point["FCST_PPLTN_MAX"]))
        }
        return CrowdReading(
            now: CrowdNow(
                level: level, messageKo: string(row["AREA_CONGEST_MSG"]), populationMin: int(row["AREA_PPLTN_MIN"]),
                populationMax: int(row["AREA_PPLTN_MAX"]), observedAt: seoulDate(row["PPLTN_TIME"])),
            forecast: forecast)
    }

    static func weather(_ value: Any?) -> Weather? {
        guard let row = (value as? [[String: Any]])?.first else { return nil }
        let precipitation: OpenEnum<Precipitation>? = string(row["PRECPT_TYPE"]).map { text in
            switch text {
            case "없음": .known(.none)
            case "비": .known(.rain)
            case "비/눈": .known(.rainAndSnow)
            case "눈": .known(.snow)
            case "소나기": .known(.shower)
            default: .unknown(text)
            }
        }
        let air: OpenEnum<AirQuality>? = string(row["AIR_IDX"]).map { text in
            switch text.filter({ !$0.isWhitespace }) {
            case "좋음": .known(.good)
            case "보통": .known(.moderate)
            case "나쁨": .known(.bad)
            case "매우나쁨": .known(.veryBad)
            default: .unknown(text)
            }
        }
        return Weather(
            temperatureC: double(row["TEMP"]), feelsLikeC: double(row["SENSIBLE_TEMP"]), precipitation: precipitation,
            precipitationText: string(row["PRECIPITATION"]), pm10: int(row["PM10"]), pm25: int(row["PM25"]), air: air,
            observedAt: seoulDate(row["WEATHER_TIME"]))
    }

    // MARK: Tolerant scalars

    static func string(_ value: Any?) -> String? {
        switch value {
        case let s as String: s.trimmingCharacters(in: .whitespaces).isEmpty ? nil : s.trimmingCharacters(in: .whitespaces)
        case let n as NSNumber: n.stringValue
        default: nil
        }
    }

    static func double(_ value: Any?) -> Double? {
        switch value {
        case let n as NSNumber: n.doubleValue.isFinite ? n.doubleValue : nil
        case let s as String: Double(s.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: "")).flatMap { $0.isFinite ? $0 : nil }
        default: nil
        }
    }

    static func int(_ value: Any?) -> Int? {
        guard let d = double(value), abs(d) < 1e9 else { return nil }
        return Int(d.rounded())
    }

    /// `YYYY-MM-DD HH:MM[:SS]` in Seoul time.
    static func seoulDate(_ value: Any?) -> Date? {
        guard var text = string(value) else { return nil }
        text = text.replacingOccurrences(of: " ", with: "T")
        if text.count == 16 { text += ":00" }
        return ISO8601.parse(text + "+09:00")
    }
}
