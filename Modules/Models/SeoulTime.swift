import FoundationEssentials

/// Calendar facts of an instant in Seoul (UTC+9, no daylight saving time), computed without a time-zone database.
public struct SeoulTime: Sendable, Hashable {
    /// Seconds since 1970 in Seoul's wall clock.
    public let localSeconds: Int

    public init(_ date: Date) {
        localSeconds = Int(date.timeIntervalSince1970.rounded(.down)) + ISO8601.seoulOffsetSeconds
    }

    /// Seconds after midnight, 0..<86400.
    public var secondOfDay: Int { localSeconds - dayNumber * 86_400 }

    /// Days since 1970-01-01 (Seoul).
    public var dayNumber: Int { Int((Double(localSeconds) / 86_400).rounded(.down)) }
    /// Minutes after midnight, 0..<1440.
    public var minuteOfDay: Int { secondOfDay / 60 }
    /// 0 = Sunday ... 6 = Saturday.
    public var weekday: Int { Self.weekday(ofDay: dayNumber) }

    /// Saturday or Sunday.
    public var isWeekend: Bool { weekday == 0 || weekday == 6 }

    /// 0 = Sunday ... 6 = Saturday for a day number (1970-01-01 was a Thursday).
    public static func weekday(ofDay day: Int) -> Int { ((day % 7) + 7 + 4) % 7 }
    /// Month 1...12 and day of month.
    public var monthDay: (month: Int, day: Int) {
        let (_, m, d) = SeoulTime.civil(dayNumber)
        return (m, d)
    }
    public var year: Int { SeoulTime.civil(dayNumber).0 }

    /// Saturday, Sunday or a Korean public holiday.
    public var isRestDay: Bool { isWeekend || KoreanHolidays.contains(dayNumber: dayNumber) }

    /// Year, month and day of a day number (Howard Hinnant's civil_from_days).
    public static func civil(_ z0: Int) -> (Int, Int, Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    /// Day number of a calendar date (days_from_civil).
    public static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}

/// Korean public holidays: the generated table (KoreanHolidays+Generated.swift, sources named in
/// Tools/holidays/generate.py) for the years it covers, the fixed-date holidays outside them.
public enum KoreanHolidays {
    static let fixed: Set<Int> = [101, 301, 505, 606, 815, 1003, 1009, 1225]

    /// Whether a day number is a public holiday.
    public static func contains(dayNumber: Int) -> Bool {
        let (y, m, d) = SeoulTime.civil(dayNumber)
        return years.contains(y) ? table[y * 10_000 + m * 100 + d] != nil : fixed.contains(m * 100 + d)
    }

    /// The holiday's Korean name ("대체공휴일(광복절)") in the table's years; nil on other days.
    public static func name(dayNumber: Int) -> String? {
        let (y, m, d) = SeoulTime.civil(dayNumber)
        return table[y * 10_000 + m * 100 + d]
    }
}
