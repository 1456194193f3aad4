import FoundationEssentials

/// The wall clock every binary reads "now" from: the system clock, or, for tests, a pinned one.
///
/// `HANGANGJARI_CLOCK` pins it: `INSTANT[;since=EPOCH][;rate=R]`. The clock reads `INSTANT` at the real time
/// `since` (Unix seconds; the process start when absent) and advances `R` seconds (default 1) per real second.
/// Several processes given the same value agree on the time, so a server and its clients can all believe it is
/// 02:00 in Seoul. A malformed value is an error, never the system clock in disguise.
public struct WallClock: Sendable {
    /// The environment variable that pins the clock.
    public static let environmentVariable = "HANGANGJARI_CLOCK"

    /// The current instant.
    public let now: @Sendable () -> Date

    public init(now: @escaping @Sendable () -> Date) {
        self.now = now
    }

    /// The system clock.
    public static let system = WallClock { Date() }

    /// A clock that reads `instant` at the real time `since` and moves `rate` seconds per real second.
    public static func pinned(at instant: Date, since: Date = Date(), rate: Double = 1) -> WallClock {
        WallClock { instant.addingTimeInterval(Date().timeIntervalSince(since) * rate) }
    }

    /// The clock `HANGANGJARI_CLOCK` describes, or the system clock when it is unset.
    public static func from(environment: [String: String]) throws(WallClockError) -> WallClock {
        guard let value = environment[environmentVariable], !value.isEmpty else { return .system }
        return try parse(value)
    }

    /// Parses `INSTANT[;since=EPOCH][;rate=R]`.
    public static func parse(_ value: String) throws(WallClockError) -> WallClock {
        var parts = value.split(separator: ";").map { $0.trimmingSpaces }
        guard !parts.isEmpty, let instant = ISO8601.parse(parts.removeFirst()) else {
            throw WallClockError(value: value)
        }
        var since = Date()
        var rate = 1.0
        for part in parts {
            let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2, let number = Double(pair[1]), number.isFinite else {
                throw WallClockError(value: value)
            }
            switch pair[0] {
            case "since": since = Date(timeIntervalSince1970: number)
            case "rate" where number >= 0: rate = number
            default: throw WallClockError(value: value)
            }
        }
        return pinned(at: instant, since: since, rate: rate)
    }

    /// The `HANGANGJARI_CLOCK` value for a clock that reads `instant` now, for child processes.
    public static func environmentValue(pinning instant: Date, since: Date = Date(), rate: Double = 1) -> String {
        "\(ISO8601.format(instant));since=\(since.timeIntervalSince1970);rate=\(rate)"
    }
}

/// `HANGANGJARI_CLOCK` is set but not of the form `INSTANT[;since=EPOCH][;rate=R]`.
public struct WallClockError: Error, Sendable, Equatable, CustomStringConvertible {
    public let value: String
    public var description: String {
        "\(WallClock.environmentVariable)=\(value) is not INSTANT[;since=EPOCH][;rate=R] (INSTANT in ISO 8601 with an offset)"
    }
}
