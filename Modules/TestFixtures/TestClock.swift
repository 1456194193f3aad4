import Foundation
import Models

/// Pinned Seoul times, so that no test depends on the hour it runs at. Every clock here, in this process and in the
/// binaries it starts (through ``environment(_:)``), reads the same pinned instant at the same real moment.
public enum TestClock {
    /// Monday 2026-11-23 14:00 in Seoul: lots open.
    public static let daytime = ISO8601.parse("2026-11-23T14:00:00+09:00")!
    /// Monday 2026-11-23 02:00 in Seoul: lots closed.
    public static let night = ISO8601.parse("2026-11-23T02:00:00+09:00")!
    /// Monday 2026-11-23 22:40 in Seoul: lots open, closing at 23:00, inside every forecast horizon.
    public static let lastHour = ISO8601.parse("2026-11-23T22:40:00+09:00")!

    /// The real moment this test process pinned its clocks.
    public static let anchor = Date()

    /// A clock that reads `instant` at the real moment `since` and moves with real time. A test that compares
    /// minutes ("in 4 h") pins its own `since`, so that how long the suite ran before it does not move its clock.
    public static func clock(_ instant: Date = daytime, since: Date = anchor) -> WallClock {
        .pinned(at: instant, since: since)
    }

    /// Now, on the clock pinned at `instant`.
    public static func now(_ instant: Date = daytime) -> Date { clock(instant).now() }

    /// `HANGANGJARI_CLOCK` for a child binary, agreeing with ``clock(_:since:)``.
    public static func environment(_ instant: Date = daytime, since: Date = anchor) -> [String: String] {
        [WallClock.environmentVariable: WallClock.environmentValue(pinning: instant, since: since)]
    }

    /// The same as `NAME='value'` for a shell command line.
    public static func shellAssignment(_ instant: Date = daytime, since: Date = anchor) -> String {
        environment(instant, since: since).map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
    }
}
