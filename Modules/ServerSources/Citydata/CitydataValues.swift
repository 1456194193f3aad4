import Foundation
import Models

/// Tolerant readers for citydata values: most numbers arrive as strings, a few as JSON numbers; missing values as
/// `""`, `" "`, `null` or `"-"`; sections as a list, a single object (XML-converted responses) or null.
enum CitydataValues {
    static func string(_ value: Any?) -> String? {
        let text: String
        switch value {
        case let s as String: text = s.trimmingCharacters(in: .whitespacesAndNewlines)
        case let n as NSNumber: text = n.stringValue
        default: return nil
        }
        return text.isEmpty || text == "-" ? nil : text
    }

    static func double(_ value: Any?) -> Double? {
        switch value {
        case let n as NSNumber: return n.doubleValue.isFinite ? n.doubleValue : nil
        case let s as String:
            return Double(s.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: "")).flatMap {
                $0.isFinite ? $0 : nil
            }
        default: return nil
        }
    }

    static func int(_ value: Any?) -> Int? {
        guard let d = double(value), abs(d) < 1e9 else { return nil }
        return Int(d.rounded())
    }

    /// `Y`/`N` (and 유료/무료 for fees): true for yes.
    static func flag(_ value: Any?) -> Bool? {
        switch string(value)?.uppercased() {
        case "Y"?, "유료"?: true
        case "N"?, "무료"?: false
        default: nil
        }
    }

    /// A section as a list of objects: a single object is a one-item list, null or an empty string no item; any
    /// other shape is nil (unreadable, never "no item").
    static func list(_ value: Any?) -> [[String: Any]]? {
        switch value {
        case nil, is NSNull: return []
        case let s as String where s.trimmingCharacters(in: .whitespaces).isEmpty: return []
        case let object as [String: Any]: return [object]
        case let array as [Any]:
            var rows: [[String: Any]] = []
            for element in array {
                guard let row = element as? [String: Any] else { return nil }
                rows.append(row)
            }
            return rows
        default: return nil
        }
    }

    /// A section or detail named `name` as a list, also in the XML-converted form that wraps it in an object holding
    /// only a same-name member (`{"SBIKE_STTS": [...]}`, or a single object, or null inside).
    static func list(_ value: Any?, named name: String) -> [[String: Any]]? {
        if let object = value as? [String: Any], object.count == 1, let inner = object[name] { return list(inner) }
        return list(value)
    }

    /// A position from latitude and longitude values, nil unless both are numbers on the globe and not (0, 0).
    static func coordinate(lat: Any?, lon: Any?) -> Coordinate? {
        guard let lat = double(lat), let lon = double(lon), abs(lat) <= 90, abs(lon) <= 180, lat != 0 || lon != 0
        else { return nil }
        return Coordinate(lat: lat, lon: lon)
    }

    /// The first value present among `keys` (a field renamed between years, e.g. ROAD_TRFFIC_TIME in 2023).
    static func first(_ row: [String: Any], _ keys: String...) -> Any? {
        for key in keys { if let value = row[key], !(value is NSNull) { return value } }
        return nil
    }

    /// A Seoul wall-clock time in any of the formats seen: `2026-08-26 05:30`, `2026-08-26 05:56:53`,
    /// `202608260600`, `20260826 0110`, `20260826`, `2026-08-26`. Times without a date (`05:43`) and months
    /// (`202607`) are nil.
    /// A year outside 1-9999 (`202677777777777777-08-26`, found by the citydata fuzz target) and digits other than
    /// ASCII's are nil: no instant, never a crash.
    static func seoulDate(_ value: Any?) -> Date? {
        guard let text = string(value) else { return nil }
        func isDigit(_ character: Character) -> Bool { character.isASCII && character.isNumber }
        let digits = text.filter(isDigit)
        let compact = !text.contains("-") && !text.contains(":")
        var parts: [Int] = []
        if compact {
            guard digits.count == 8 || digits.count == 12 || digits.count == 14 else { return nil }
            let chars = Array(digits)
            func number(_ range: Range<Int>) -> Int { Int(String(chars[range]))! }
            parts = [number(0..<4), number(4..<6), number(6..<8)]
            if digits.count >= 12 { parts += [number(8..<10), number(10..<12)] }
            if digits.count == 14 { parts.append(number(12..<14)) }
        } else {
            let runs = text.split(whereSeparator: { !isDigit($0) })
            parts = runs.compactMap { Int($0) }
            guard parts.count == runs.count, [3, 5, 6].contains(parts.count), text.contains("-") else { return nil }
        }
        while parts.count < 6 { parts.append(0) }
        let (y, mo, d, h, mi, s) = (parts[0], parts[1], parts[2], parts[3], parts[4], parts[5])
        guard (1...9999).contains(y), (1...12).contains(mo), (1...31).contains(d), (0...23).contains(h),
            (0...59).contains(mi), (0...60).contains(s)
        else { return nil }
        let day = SeoulTime.dayNumber(year: y, month: mo, day: d)
        return Date(timeIntervalSince1970: Double(day * 86_400 + h * 3600 + mi * 60 + s - ISO8601.seoulOffsetSeconds))
    }

    /// `2026-08-18~2026-08-28`: from the first day's start to the end of the last day, in Seoul time.
    static func period(_ value: Any?) -> (start: Date, end: Date?)? {
        guard let text = string(value) else { return nil }
        let ends = text.split(separator: "~", maxSplits: 1).map { String($0) }
        guard let start = seoulDate(ends[0]) else { return nil }
        let end = ends.count > 1 ? seoulDate(ends[1]).map { $0.addingTimeInterval(86_400 - 1) } : nil
        return (start, end)
    }
}
