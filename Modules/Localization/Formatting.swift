import FoundationEssentials

/// Locale-aware formatting without ICU: relative times, distances, won, Seoul clock times, and the like (terminal widths are in DisplayWidth.swift).
extension Localizer {
    /// "3 min ago" / "3분 전" for an age in seconds.
    public func relativeTime(seconds: TimeInterval) -> String {
        let s = max(0, Int(seconds))
        if s < 60 { return self(.timeJustNow) }
        if s < 3600 { return plural(.timeMinutesAgo, count: s / 60) }
        if s < 86_400 { return plural(.timeHoursAgo, count: s / 3600) }
        return plural(.timeDaysAgo, count: s / 86_400)
    }

    /// "5 h 40 min" / "5시간 40분" for a wait in minutes.
    public func duration(minutes: Int) -> String {
        let m = max(0, minutes)
        if m < 60 { return self(.durationMinutes, m) }
        return m % 60 == 0 ? self(.durationHours, m / 60) : self(.durationHoursMinutes, m / 60, m % 60)
    }

    /// "850 m" or "1.2 km" (the same in both languages): `DistanceWords`.
    public func distance(meters: Double) -> String { DistanceWords.text(meters: meters) }

    /// "₩2,300" / "2,300원".
    public func krw(_ amount: Int) -> String {
        self(.moneyKrw, Self.grouped(amount))
    }

    /// `HH:MM` in Seoul whatever the machine's zone, saying so when the machine's zone is not Seoul's.
    public func seoulClock(_ date: Date, machineOffsetSeconds: Int) -> String {
        let clock = Self.seoulClock(date)
        return machineOffsetSeconds == 9 * 3600 ? clock : self(.timeSeoulSuffix, clock)
    }

    /// `HH:MM` in Seoul, with nothing added (where the reader knows the times are Seoul's, as in the widget).
    public static func seoulClock(_ date: Date) -> String {
        let local = Int(date.timeIntervalSince1970.rounded(.down)) + 9 * 3600
        let secondOfDay = ((local % 86_400) + 86_400) % 86_400
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return two(secondOfDay / 3600) + ":" + two((secondOfDay % 3600) / 60)
    }

    /// Digits grouped by thousands: 1234567 → "1,234,567".
    public static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, ch) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(ch)
        }
        return (n < 0 ? "-" : "") + out
    }
}
