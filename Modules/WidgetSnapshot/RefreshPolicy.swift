import FoundationEssentials
import Models

/// When the widget should look again: sooner in busy hours, later at night and outside lot hours, backing off
/// after failures.
public enum RefreshPolicy {
    /// The next refresh time after a load at `now`; `failures` counts consecutive failed fetches.
    public static func next(after now: Date, failures: Int) -> Date {
        now.addingTimeInterval(interval(at: now, failures: failures))
    }

    /// Seconds until the next refresh.
    public static func interval(at now: Date, failures: Int) -> TimeInterval {
        let time = SeoulTime(now)
        let hour = time.secondOfDay / 3600
        let restDay = time.isRestDay
        var base: TimeInterval
        switch hour {
        case 23, 0..<6: base = 3600  // lots closed
        case 10..<21 where restDay: base = 300
        case 17..<21: base = 300
        default: base = 900
        }
        if failures > 0 { base = min(3600, max(base, 120 * Double(1 << (min(failures, 5) - 1)))) }
        return base
    }
}
