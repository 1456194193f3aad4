import Foundation

/// Locale-aware formatting without ICU: relative times, distances, won, Seoul clock times, terminal widths.
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

    /// "850 m" or "1.2 km" (the same in both languages).
    public func distance(meters: Double) -> String {
        if meters < 1000 { return "\(Int((meters / 10).rounded()) * 10) m" }
        let tenths = Int((meters / 100).rounded())
        return "\(tenths / 10).\(tenths % 10) km"
    }

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

/// Terminal display width: Hangul, CJK and full-width forms take two columns.
public enum DisplayWidth {
    /// Columns `text` occupies in a terminal.
    public static func of(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + width(of: $1) }
    }

    /// Pads with spaces on the right to `columns` (no truncation).
    public static func padded(_ text: String, to columns: Int) -> String {
        text + String(repeating: " ", count: max(0, columns - of(text)))
    }

    /// Cuts `text` to at most `columns`, ending in "…" when something was cut (a wide character is never split).
    public static func truncated(_ text: String, to columns: Int) -> String {
        guard of(text) > columns else { return text }
        guard columns > 0 else { return "" }
        var out = ""
        var used = 0
        for character in text {
            let w = character.unicodeScalars.reduce(0) { $0 + width(of: $1) }
            if used + w > columns - 1 { break }
            out.append(character)
            used += w
        }
        return out + "…"
    }

    static func width(of scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v == 0 || (0x0300...0x036F).contains(v) || (0x200B...0x200F).contains(v) { return 0 }
        if (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v)
            || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v) || (0xFF00...0xFF60).contains(v)
            || (0xFFE0...0xFFE6).contains(v) || (0x1F300...0x1FAFF).contains(v) {
            return 2
        }
        return 1
    }
}
