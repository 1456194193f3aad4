import FoundationEssentials

/// Strict ISO 8601 / RFC 3339 timestamps with an explicit offset: the one date format of the /v2 contract.
///
/// Accepts `2026-11-22T14:05:00+09:00`, `2026-11-22T05:05:00Z` and fractional seconds; rejects
/// timestamps without an offset, because a time without a zone has no single meaning.
/// Hand-written rather than `ISO8601DateFormatter` so that it is `Sendable`, allocation-free and
/// strict about the offset. Not `Date.ISO8601FormatStyle` either: it writes dates before 1582 in the Julian
/// calendar, which this parser (proleptic Gregorian, as RFC 3339 is) reads back a week off; the storage fuzz
/// target found it with a snapshot built in 1013.
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

    /// Formats a date with the given UTC offset (Seoul's by default), whole seconds.
    public static func format(_ date: Date, offsetSeconds: Int = seoulOffsetSeconds) -> String {
        let seconds = Int64((date.timeIntervalSince1970).rounded(.down)) + Int64(offsetSeconds)
        let days = floorDiv(seconds, 86_400)
        let secondOfDay = seconds - days * 86_400
        let (y, m, d) = SeoulTime.civil(Int(days))
        let (year, month, day) = (Int64(y), Int64(m), Int64(d))
        let hour = secondOfDay / 3600
        let minute = (secondOfDay % 3600) / 60
        let second = secondOfDay % 60
        var out = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))"
        if offsetSeconds == 0 {
            out += "Z"
        } else {
            let sign = offsetSeconds < 0 ? "-" : "+"
            let magnitude = abs(offsetSeconds)
            out += "\(sign)\(pad(Int64(magnitude / 3600), 2)):\(pad(Int64((magnitude % 3600) / 60), 2))"
        }
        return out
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

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let s = String(value)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }

    private static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        a >= 0 ? a / b : -((-a + b - 1) / b)
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
