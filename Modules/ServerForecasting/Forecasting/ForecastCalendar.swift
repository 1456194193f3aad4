import Foundation
import Models

/// The days a forecast compares: local days of the place where a lot's history was recorded, each of one kind.
public struct ForecastCalendar: Sendable {
    /// Days that behave alike: working days, Saturdays, and Sundays with public holidays.
    public enum DayKind: Sendable, Equatable {
        case working, saturday, sundayOrHoliday
    }

    /// Local time's offset from UTC in seconds.
    public var offsetSeconds: Int
    /// Whether a local day number is a public holiday.
    public var isHoliday: @Sendable (Int) -> Bool

    public init(offsetSeconds: Int, isHoliday: @escaping @Sendable (Int) -> Bool) {
        self.offsetSeconds = offsetSeconds
        self.isHoliday = isHoliday
    }

    /// Seoul: UTC+9 and Korean public holidays.
    public static let seoul = ForecastCalendar(
        offsetSeconds: ISO8601.seoulOffsetSeconds, isHoliday: KoreanHolidays.contains(dayNumber:))

    /// A place with this offset whose holidays are not known (weekends only); Seoul's calendar for +09:00.
    public static func recorded(offsetSeconds: Int) -> ForecastCalendar {
        offsetSeconds == ISO8601.seoulOffsetSeconds
            ? .seoul : ForecastCalendar(offsetSeconds: offsetSeconds) { _ in false }
    }

    /// The local day number (days since 1970-01-01) of a 5-minute bucket.
    public func dayNumber(ofBucket bucket: Int) -> Int {
        Int((Double(bucket * TimeSlot.seconds + offsetSeconds) / 86_400).rounded(.down))
    }

    /// The local minute of the day (0-1439) a 5-minute bucket starts at.
    public func minuteOfDay(ofBucket bucket: Int) -> Int {
        ((bucket * TimeSlot.seconds + offsetSeconds) % 86_400 + 86_400) % 86_400 / 60
    }

    /// The kind of the local day of a 5-minute bucket.
    public func kind(ofBucket bucket: Int) -> DayKind {
        let day = dayNumber(ofBucket: bucket)
        switch SeoulTime.weekday(ofDay: day) {
        case 6: return .saturday
        case 0: return .sundayOrHoliday
        default: return isHoliday(day) ? .sundayOrHoliday : .working
        }
    }
}
