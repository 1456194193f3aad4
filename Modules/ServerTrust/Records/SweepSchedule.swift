import Foundation
import Synchronization

/// Says when a once-a-minute task is due (a store deleting what expired, a warning every request would repeat): at
/// most once a minute, and at once if the clock went back.
public final class SweepSchedule: Sendable {
    private let last = Mutex<Date?>(nil)

    public init() {}

    /// True when a sweep is due at `now` (and counts it as done).
    public func due(now: Date) -> Bool {
        last.withLock { last in
            guard last.map({ now.timeIntervalSince($0) >= 60 || now < $0 }) ?? true else { return false }
            last = now
            return true
        }
    }
}
