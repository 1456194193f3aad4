import Foundation
import Models

/// Pinned Seoul times, so that no test depends on the hour it runs at. Every clock here, in this process and in the
/// binaries it starts (through ``environment(_:)``), reads the same pinned instant at the same real moment.
public enum TestClock {
    /// Monday 2026-11-23 14:00 in Seoul: lots open.
    public static let daytime = ISO8601.parse("2026-11-23T14:00:00+09:00")!
    /// Monday 2026-11-23 02:00 in Seoul: lots closed.
    public static let night = ISO8601.parse("2026-11-23T02:00:00+09:00")!

    /// The real moment this test process pinned its clocks.
    private static let anchor = Date()

    /// A clock that reads `instant` now and moves with real time.
    public static func clock(_ instant: Date = daytime) -> WallClock {
        .pinned(at: instant, since: anchor)
    }

    /// Now, on the clock pinned at `instant`.
    public static func now(_ instant: Date = daytime) -> Date { clock(instant).now() }

    /// `HANGANGJARI_CLOCK` for a child binary, agreeing with ``clock(_:)``.
    public static func environment(_ instant: Date = daytime) -> [String: String] {
        [WallClock.environmentVariable: WallClock.environmentValue(pinning: instant, since: anchor)]
    }

    /// The same as `NAME='value'` for a shell command line.
    public static func shellAssignment(_ instant: Date = daytime) -> String {
        environment(instant).map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
    }
}
