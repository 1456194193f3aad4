import Foundation
import Models

/// A recorded time as car-park systems write it: `2026-09-07T08:30:00+01:00`, `2026-09-07 08:30:00Z`,
/// `2016-10-04 07:59:42` (no offset), minutes only, or fractional seconds.
struct RecordedTimestamp: Equatable {
    /// The instant; for a time without an offset, its wall clock read as UTC.
    var date: Date
    /// The offset written with the time, nil when there was none.
    var offsetSeconds: Int?

    init?(_ text: Substring) {
        let b = Array(text.utf8)
        func number(_ at: Int, _ count: Int) -> Int? {
            guard at + count <= b.count else { return nil }
            var n = 0
            for i in at..<(at + count) {
                guard b[i] >= 48, b[i] <= 57 else { return nil }
                n = n * 10 + Int(b[i] - 48)
            }
            return n
        }
        guard let year = number(0, 4), b.count >= 16, b[4] == 45, let month = number(5, 2), b[7] == 45,
            let day = number(8, 2), b[10] == 84 || b[10] == 32 || b[10] == 116,
            let hour = number(11, 2), b[13] == 58, let minute = number(14, 2),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60
        else { return nil }
        var index = 16
        var second = 0.0
        if index < b.count, b[index] == 58 {
            guard let whole = number(index + 1, 2), whole < 61 else { return nil }
            second = Double(whole)
            index += 3
            if index < b.count, b[index] == 46 {
                index += 1
                var scale = 0.1
                while index < b.count, b[index] >= 48, b[index] <= 57 {
                    second += Double(b[index] - 48) * scale
                    scale /= 10
                    index += 1
                }
            }
        }
        var offset: Int?
        if index < b.count {
            if b[index] == 90 || b[index] == 122, index + 1 == b.count {
                offset = 0
            } else if b[index] == 43 || b[index] == 45, let h = number(index + 1, 2) {
                let colon = index + 3 < b.count && b[index + 3] == 58
                guard let m = number(index + (colon ? 4 : 3), 2), index + (colon ? 6 : 5) == b.count, h < 24, m < 60
                else { return nil }
                offset = (b[index] == 45 ? -1 : 1) * (h * 3600 + m * 60)
            } else {
                return nil
            }
        }
        let days = SeoulTime.dayNumber(year: year, month: month, day: day)
        guard SeoulTime.civil(days) == (year, month, day) else { return nil }
        let local = Double(days * 86_400 + hour * 3600 + minute * 60) + second
        date = Date(timeIntervalSince1970: local - Double(offset ?? 0))
        offsetSeconds = offset
    }
}
