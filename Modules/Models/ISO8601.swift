import Foundation

/// Strict ISO 8601 / RFC 3339 timestamps with an explicit offset: the one date format of the /v2 contract.
///
/// Accepts `2026-11-22T14:05:00+09:00`, `2026-11-22T05:05:00Z` and fractional seconds; rejects
/// timestamps without an offset, because a time without a zone has no single meaning.
/// Parsing is hand-written: one parser takes fractional seconds or none, strict about the offset, without
/// allocating; formatting is Foundation's `Date.ISO8601FormatStyle`. The fuzz target checks that each reads the
/// other's output.
public enum ISO8601 {
    /// Seoul's offset from UTC in seconds (+09:00; Korea has no daylight saving time).
    public static let seoulOffsetSeconds = 9 * 3600

    /// Parses a timestamp; nil when it is not ISO 8601 with an offset.
    public static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(bytes: $0) }
    }

    /// The Seoul day of a date, `YYYY-MM-DD`.
    public static func seoulDay(_ date: Date) -> String {
        String(format(date).prefix(10))
    }

    /// Formats a date with the given UTC offset (Seoul's by default), whole seconds: Foundation's
    /// `Date.ISO8601FormatStyle` with a colon in the offset and `Z` for UTC.
    public static func format(_ date: Date, offsetSeconds: Int = seoulOffsetSeconds) -> String {
        let style =
            offsetSeconds == seoulOffsetSeconds
            ? seoulStyle : offsetSeconds == 0 ? utcStyle : style(offsetSeconds: offsetSeconds)
        // Whole seconds, rounded down (before 1970 too), as the contract writes them.
        return Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down)).formatted(style)
    }

    private static let seoulStyle = style(offsetSeconds: seoulOffsetSeconds)
    private static let utcStyle = style(offsetSeconds: 0)

    private static func style(offsetSeconds: Int) -> Date.ISO8601FormatStyle {
        Date.ISO8601FormatStyle(
            timeZoneSeparator: .colon, timeZone: TimeZone(secondsFromGMT: offsetSeconds) ?? .gmt)
    }

    private static func parse(bytes b: UnsafeBufferPointer<UInt8>) -> Date? {
        // YYYY-MM-DDTHH:MM:SS = 19 bytes, then [.fraction], then Z or ±HH:MM
        guard b.count >= 20,
            let year = digits(b, 0, 4), b[4] == UInt8(ascii: "-"),
            let month = digits(b, 5, 2), b[7] == UInt8(ascii: "-"),
            let day = digits(b, 8, 2), b[10] == UInt8(ascii: "T") || b[10] == UInt8(ascii: "t"),
            let hour = digits(b, 11, 2), b[13] == UInt8(ascii: ":"),
            let minute = digits(b, 14, 2), b[16] == UInt8(ascii: ":"),
            let second = digits(b, 17, 2)
        else { return nil }
        guard (1...12).contains(month), day >= 1, day <= daysInMonth(year, month),
            hour < 24, minute < 60, second < 61
        else { return nil }
        var index = 19
        var fraction = 0.0
        if b[index] == UInt8(ascii: ".") {
            index += 1
            var scale = 0.1
            let start = index
            while index < b.count, b[index] >= 48, b[index] <= 57 {
                fraction += Double(b[index] - 48) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        guard index < b.count else { return nil }
        var offset: Int64 = 0
        switch b[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            guard index + 1 == b.count else { return nil }
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard index + 6 == b.count,
                let oh = digits(b, index + 1, 2), b[index + 3] == UInt8(ascii: ":"),
                let om = digits(b, index + 4, 2), oh < 24, om < 60
            else { return nil }
            offset = (oh * 3600 + om * 60) * (b[index] == UInt8(ascii: "-") ? -1 : 1)
        default:
            return nil
        }
        let days = Int64(SeoulTime.dayNumber(year: Int(year), month: Int(month), day: Int(day)))
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + min(second, 59) - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    private static func digits(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int64? {
        var value: Int64 = 0
        for i in start..<(start + count) {
            let c = b[i]
            guard c >= 48, c <= 57 else { return nil }
            value = value * 10 + Int64(c - 48)
        }
        return value
    }

    private static func isLeap(_ y: Int64) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }

    private static func daysInMonth(_ y: Int64, _ m: Int64) -> Int64 {
        switch m {
        case 2: isLeap(y) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
