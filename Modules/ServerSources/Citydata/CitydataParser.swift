import Foundation
import Models

/// Reads citydata responses as the real service sends them: the dotted success envelope and the plain error one
/// (errors come with HTTP 200), the place checked by AREA_CD or, in older responses, AREA_NM, and every section
/// tolerant of strings, numbers, empties and single objects. An unknown shape is a failing source, never zero.
public enum CitydataParser {
    typealias V = CitydataValues

    /// Larger answers are refused unread.
    public static let maxBytes = 4 * 1024 * 1024

    /// Parses a response for the place `expected`.
    public static func parse(_ data: Data, expected: CitydataArea) -> CitydataResult {
        guard data.count <= maxBytes else { return .failing(.tooLarge(bytes: data.count)) }
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            return .failing(.notJSON)
        }
        // A result may also sit one level down, under the service's name.
        let envelope =
            root["RESULT"] != nil
            ? root : root.values.lazy.compactMap { $0 as? [String: Any] }.first { $0["RESULT"] != nil } ?? root
        let result = envelope["RESULT"] as? [String: Any]
        let code = V.string(result.flatMap { V.first($0, "RESULT.CODE", "CODE") })
        let message = V.string(result.flatMap { V.first($0, "RESULT.MESSAGE", "MESSAGE") }) ?? ""
        switch code {
        case "INFO-000"?: break
        case "INFO-200"?: return .noItem
        case "INFO-100"?: return .failing(.keyRefused(message: message))
        case let other? where ["ERROR-500", "ERROR-600", "ERROR-601"].contains(other):
            return .failing(.transient(code: other, message: message))
        case let other?: return .failing(.error(code: other, message: message))
        case nil: return .failing(.noResultCode)
        }
        guard let city = (envelope["CITYDATA"] ?? root["CITYDATA"]) as? [String: Any] else {
            return .failing(.noCitydata)
        }
        let firstCrowd = V.list(city["LIVE_PPLTN_STTS"])?.first
        let areaCode = V.string(city["AREA_CD"]) ?? V.string(firstCrowd?["AREA_CD"])
        let areaName = V.string(city["AREA_NM"]) ?? V.string(firstCrowd?["AREA_NM"])
        if let areaCode {
            guard areaCode == expected.code else {
                return .failing(.wrongArea(answered: areaCode, expected: expected.code))
            }
        } else if let areaName {
            guard squeezed(areaName) == squeezed(expected.name) else {
                return .failing(.wrongArea(answered: areaName, expected: expected.name))
            }
        } else {
            return .failing(.noArea)
        }
        return .ok(read(city, areaCode: areaCode, areaName: areaName))
    }

    static func read(_ city: [String: Any], areaCode: String?, areaName: String?) -> Citydata {
        var out = Citydata(areaCode: areaCode, areaName: areaName)
        func rows(_ section: Citydata.Section) -> [[String: Any]] {
            guard let rows = V.list(city[section.rawValue], named: section.rawValue) else {
                out.unreadable.insert(section)
                return []
            }
            return rows
        }
        out.parking = CitydataSections.parking(rows(.parking))
        out.crowd = CitydataSections.crowd(rows(.crowd))
        let (weather, warnings) = CitydataSections.weather(rows(.weather))
        out.weather = weather
        out.events = CitydataSections.events(rows(.events))
        out.roadTraffic = CitydataSections.roadTraffic(rows(.roadTraffic))
        func keep<Item>(_ section: Citydata.Section, _ read: CitydataWayThereSections.Read<Item>) -> [Item] {
            if read.dropped > 0 { out.droppedRows[section] = read.dropped }
            return read.items
        }
        out.bikeStations = keep(.bikes, CitydataWayThereSections.bikes(rows(.bikes)))
        out.subwayStations = keep(.subway, CitydataWayThereSections.subway(rows(.subway)))
        out.busStops = keep(.busStops, CitydataWayThereSections.busStops(rows(.busStops)))
        out.chargingStations = keep(.chargers, CitydataWayThereSections.chargers(rows(.chargers)))
        out.roadControls = keep(.roadControls, CitydataWayThereSections.roadControls(rows(.roadControls)))
        // A notice is as old as what it came in: a warning as the weather, a message as the answer.
        let answered = out.observedAt
        out.notices =
            warnings.map { $0.observed(weather?.observedAt ?? answered) }
            + CitydataSections.disasterMessages(rows(.disasterMessages)).map { $0.observed(answered) }
        return out
    }

    static func squeezed(_ text: String) -> String { text.filter { !$0.isWhitespace } }
}

extension CitydataParser {
    /// A citydata time (`2026-08-26 05:30`, `202608260600`, ...) as an instant; nil for times without a day.
    public static func seoulTime(_ text: String) -> Date? { CitydataValues.seoulDate(text) }
}
