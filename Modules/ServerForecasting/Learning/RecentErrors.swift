import Foundation
import Models

/// What the served p50 missed on the last days recorded: per day, horizon and time of day of the target, the 10th and
/// 90th percentiles of the errors (actual − p50, shares of the lot's capacity), and per day, lot and horizon the same
/// of each lot's errors. They give a second band, learned from what was served rather than from the held-out week of
/// the training (``band(_:lot:)``), which ``BandCalibration/offsets(_:key:lot:)`` averages with the conformal one.
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

    /// One day's percentiles of one lot's errors at one horizon, every time of day together.
    public struct LotPercentiles: Sendable, Codable, Equatable {
        public var lot: LotID
        public var minutes: Int
        public var low: Double
        public var high: Double
        public var count: Int
    }

    /// What a lot's errors are kept under.
    public struct LotKey: Sendable, Hashable {
        public var lot: LotID
        public var minutes: Int
    }

    /// One local day's record.
    public struct Record: Sendable, Codable, Equatable {
        public var day: Int
        /// The day's kind (as ``ConformalBands/Key/kind``).
        public var kind: Int
        public var percentiles: [Percentiles]
        /// Each lot's, at every horizon it had errors at (however few: a lot's departure weighs by its count).
        public var lots: [LotPercentiles]
    }

    /// The days kept, oldest first: those within ``window`` days of the last.
    public var records: [Record] = []
    /// How many days back the band looks: a week, so that every day kind has a day in it.
    static let window = 7

    public init() {}

    /// Keeps a day's percentiles, of each horizon and time of day with at least
    /// ``BandCalibration/minimumForecasts`` errors (keyed by horizon and time of day; the day's kind is `kind`), and
    /// of each lot at each horizon (`lotErrors`), and forgets the days that fall out of the window.
    mutating func record(
        day: Int, kind: Int, errors: [ConformalBands.Key: [Double]], lotErrors: [LotKey: [Double]] = [:]
    ) {
        let percentiles = errors.keys.sorted { ($0.minutes, $0.block) < ($1.minutes, $1.block) }.compactMap {
            key -> Percentiles? in
            let values = errors[key]!
            guard values.count >= BandCalibration.minimumForecasts else { return nil }
            let quantiles = ConformalBands.quantiles(values)
            return Percentiles(
                minutes: key.minutes, block: key.block, low: quantiles.low, high: quantiles.high, count: values.count)
        }
        let lots = lotErrors.keys.sorted { ($0.lot.rawValue, $0.minutes) < ($1.lot.rawValue, $1.minutes) }.map { key in
            let quantiles = ConformalBands.quantiles(lotErrors[key]!)
            return LotPercentiles(
                lot: key.lot, minutes: key.minutes, low: quantiles.low, high: quantiles.high,
                count: lotErrors[key]!.count)
        }
        if !percentiles.isEmpty { records.append(Record(day: day, kind: kind, percentiles: percentiles, lots: lots)) }
        records.removeAll { $0.day <= day - Self.window }
    }

    /// p10 and p90 as offsets from p50 (shares of capacity) for a key and lot, nil with fewer than
    /// ``ConformalBands/minimumSamples`` errors at its horizon. As in ``ConformalBands``: the count-weighted mean of
    /// the days' percentiles at its horizon and time of day over every day kind (its horizon's when those are too
    /// few), the key's own kind's moved toward its own by n / (n + 200) for n errors of its own; then moved by the
    /// lot's departure (``departure(_:minutes:)``), so that a lot that misses more or less than the others (closed,
    /// or its counter stuck) gets its own band within the week.
    public func band(_ key: ConformalBands.Key, lot: LotID? = nil) -> (low: Double, high: Double)? {
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
        let band =
            own.isEmpty
            ? pooled : ConformalBands.shrunk(Self.mean(own), count: own.reduce(0) { $0 + $1.count }, toward: pooled)
        let moved = lot.map { departure($0, minutes: key.minutes) } ?? (low: 0, high: 0)
        return (band.low + moved.low, band.high + moved.high)
    }

    /// How far a lot's percentiles at a horizon are from every lot's over the days kept (the count-weighted means of
    /// the days' percentiles, lot by lot), weighing n / (n + 200) for its n errors, as a key's own do in
    /// ``ConformalBands``; none for a lot without errors.
    func departure(_ lot: LotID, minutes: Int) -> (low: Double, high: Double) {
        let every = records.flatMap { $0.lots.filter { $0.minutes == minutes } }
        let own = every.filter { $0.lot == lot }
        guard !own.isEmpty else { return (0, 0) }
        let (all, its) = (Self.mean(every), Self.mean(own))
        let shrunk = ConformalBands.shrunk(its, count: own.reduce(0) { $0 + $1.count }, toward: all)
        return (shrunk.low - all.low, shrunk.high - all.high)
    }

    /// The count-weighted mean of some days' percentiles.
    static func mean(_ percentiles: [Percentiles]) -> (low: Double, high: Double) {
        mean(percentiles.map { ($0.low, $0.high, $0.count) })
    }

    /// The count-weighted mean of some days' percentiles of lots.
    static func mean(_ percentiles: [LotPercentiles]) -> (low: Double, high: Double) {
        mean(percentiles.map { ($0.low, $0.high, $0.count) })
    }

    private static func mean(_ entries: [(low: Double, high: Double, count: Int)]) -> (low: Double, high: Double) {
        let total = Double(entries.reduce(0) { $0 + $1.count })
        return (
            entries.reduce(0) { $0 + $1.low * Double($1.count) } / total,
            entries.reduce(0) { $0 + $1.high * Double($1.count) } / total
        )
    }
}
