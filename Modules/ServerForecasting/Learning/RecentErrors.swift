import Foundation

/// What the served p50 missed on the last days recorded: per day, horizon and time of day of the target, the 10th and
/// 90th percentiles of the errors (actual − p50, shares of the lot's capacity). They give a second band, learned from
/// what was served rather than from the held-out week of the training (``band(_:)``), which
/// ``BandCalibration/offsets(_:key:)`` averages with the conformal one.
public struct RecentErrors: Sendable, Codable, Equatable {
    /// One day's percentiles at one horizon and time of day.
    public struct Percentiles: Sendable, Codable, Equatable {
        public var minutes: Int
        public var block: Int
        public var low: Double
        public var high: Double
        /// How many errors they are of.
        public var count: Int
    }

    /// One local day's record.
    public struct Record: Sendable, Codable, Equatable {
        public var day: Int
        /// The day's kind (as ``ConformalBands/Key/kind``).
        public var kind: Int
        public var percentiles: [Percentiles]
    }

    /// The days kept, oldest first: those within ``window`` days of the last.
    public var records: [Record] = []
    /// How many days back the band looks: a week, so that every day kind has a day in it.
    static let window = 7

    public init() {}

    /// Keeps a day's percentiles, of each horizon and time of day with at least
    /// ``BandCalibration/minimumForecasts`` errors (keyed by horizon and time of day; the day's kind is `kind`), and
    /// forgets the days that fall out of the window.
    mutating func record(day: Int, kind: Int, errors: [ConformalBands.Key: [Double]]) {
        let percentiles = errors.keys.sorted { ($0.minutes, $0.block) < ($1.minutes, $1.block) }.compactMap {
            key -> Percentiles? in
            let values = errors[key]!
            guard values.count >= BandCalibration.minimumForecasts else { return nil }
            let quantiles = ConformalBands.quantiles(values)
            return Percentiles(
                minutes: key.minutes, block: key.block, low: quantiles.low, high: quantiles.high, count: values.count)
        }
        if !percentiles.isEmpty { records.append(Record(day: day, kind: kind, percentiles: percentiles)) }
        records.removeAll { $0.day <= day - Self.window }
    }

    /// p10 and p90 as offsets from p50 (shares of capacity) for a key, nil with fewer than
    /// ``ConformalBands/minimumSamples`` errors at its horizon. As in ``ConformalBands``: the count-weighted mean of
    /// the days' percentiles at its horizon and time of day over every day kind (its horizon's when those are too
    /// few), the key's own kind's moved toward its own by n / (n + 200) for n errors of its own.
    public func band(_ key: ConformalBands.Key) -> (low: Double, high: Double)? {
        let horizon = records.flatMap { record in
            record.percentiles.filter { $0.minutes == key.minutes }.map { (kind: record.kind, percentiles: $0) }
        }
        let sameTime = horizon.filter { $0.percentiles.block == key.block }
        let enough = { (entries: [(kind: Int, percentiles: Percentiles)]) in
            entries.reduce(0) { $0 + $1.percentiles.count } >= ConformalBands.minimumSamples
        }
        guard enough(horizon) else { return nil }
        let pooled = Self.mean(enough(sameTime) ? sameTime.map(\.percentiles) : horizon.map(\.percentiles))
        let own = sameTime.filter { $0.kind == key.kind }.map(\.percentiles)
        guard !own.isEmpty else { return (pooled.low, pooled.high) }
        return ConformalBands.shrunk(Self.mean(own), count: own.reduce(0) { $0 + $1.count }, toward: pooled)
    }

    /// The count-weighted mean of some days' percentiles.
    static func mean(_ percentiles: [Percentiles]) -> (low: Double, high: Double) {
        let total = Double(percentiles.reduce(0) { $0 + $1.count })
        return (
            percentiles.reduce(0) { $0 + $1.low * Double($1.count) } / total,
            percentiles.reduce(0) { $0 + $1.high * Double($1.count) } / total
        )
    }
}
