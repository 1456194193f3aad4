/// p10 and p90 from a model's out-of-sample errors: per horizon, day kind and time of day of the target, the 10th
/// and 90th percentiles of (actual − predicted change) in units of the row's spread, on days the model had not been
/// trained on.
public struct ConformalBands: Sendable, Codable, Equatable {
    /// What a band is kept for.
    public struct Key: Sendable, Codable, Hashable {
        public var minutes: Int
        /// 0 working day, 1 Saturday, 2 Sunday or holiday (as the features' `target_kind`).
        public var kind: Int
        /// The target's time of day (``block(minuteOfDay:)``).
        public var block: Int

        public init(minutes: Int, kind: Int, block: Int) {
            self.minutes = minutes
            self.kind = kind
            self.block = block
        }
    }

    /// One key's error quantiles.
    public struct Band: Sendable, Codable, Equatable {
        public var key: Key
        public var low: Double
        public var high: Double
        /// The errors they were taken from (the key's own, or pooled when it had too few).
        public var samples: Int
    }

    public var bands: [Band] = []
    /// Fewer errors than this for a key: its horizon and time of day's errors of every day kind are used, and with
    /// fewer still, its horizon's.
    static let minimumSamples = 200
    /// The times of day, by the local hour they start at: the night and morning, late morning, afternoon, evening.
    static let blockStarts = [0, 9 * 60, 13 * 60, 17 * 60]

    public init(bands: [Band] = []) {
        self.bands = bands
    }

    /// The time of day a target's local minute falls in.
    public static func block(minuteOfDay: Int) -> Int {
        (blockStarts.lastIndex { $0 <= minuteOfDay } ?? 0)
    }

    /// The quantiles from errors by key: each key's own when it has enough, else pooled.
    public init(errors: [Key: [Double]]) {
        var byTime: [Key: [Double]] = [:]
        var byHorizon: [Int: [Double]] = [:]
        for (key, values) in errors {
            byTime[Key(minutes: key.minutes, kind: 0, block: key.block), default: []] += values
            byHorizon[key.minutes, default: []] += values
        }
        for minutes in byHorizon.keys.sorted() {
            for kind in 0...2 {
                for block in Self.blockStarts.indices {
                    let key = Key(minutes: minutes, kind: kind, block: block)
                    let pooledTime = byTime[Key(minutes: minutes, kind: 0, block: block)] ?? []
                    let used =
                        (errors[key]?.count ?? 0) >= Self.minimumSamples
                        ? errors[key]! : pooledTime.count >= Self.minimumSamples ? pooledTime : byHorizon[minutes]!
                    let sorted = used.sorted()
                    bands.append(
                        Band(
                            key: key, low: Self.quantile(sorted, 0.1), high: Self.quantile(sorted, 0.9),
                            samples: sorted.count))
                }
            }
        }
    }

    /// The band for a key (the nearest horizon learned), nil when none was.
    public func band(_ key: Key) -> Band? {
        bands.filter { $0.key.kind == key.kind && $0.key.block == key.block }
            .min { abs($0.key.minutes - key.minutes) < abs($1.key.minutes - key.minutes) }
    }

    /// Linear interpolation between order statistics of sorted values.
    static func quantile(_ sorted: [Double], _ q: Double) -> Double {
        let position = q * Double(sorted.count - 1)
        let lower = Int(position.rounded(.down))
        let upper = min(lower + 1, sorted.count - 1)
        return sorted[lower] + (position - Double(lower)) * (sorted[upper] - sorted[lower])
    }
}
