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
        /// The key's own errors (its quantiles weigh them against the pooled ones': ``init(errors:)``).
        public var samples: Int
    }

    public var bands: [Band] = []
    /// How many errors stand on their own. The pooled errors of a key are its horizon and time of day's of every day
    /// kind, or its horizon's when those are fewer than this; their quantiles weigh as much as this many of the key's
    /// own errors (n of its own count n / (n + 200)).
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

    /// The quantiles from errors by key: each key's own shrunk toward the pooled ones, the more the fewer it has (a
    /// Saturday's few errors move its band from the pooled one; 200 of them make it half their own).
    public init(errors: [Key: [Double]]) {
        var byTime: [Key: [Double]] = [:]
        var byHorizon: [Int: [Double]] = [:]
        for (key, values) in errors {
            byTime[Key(minutes: key.minutes, kind: 0, block: key.block), default: []] += values
            byHorizon[key.minutes, default: []] += values
        }
        for minutes in byHorizon.keys.sorted() {
            let pooledByBlock = Self.blockStarts.indices.map { block in
                let pooledTime = byTime[Key(minutes: minutes, kind: 0, block: block)] ?? []
                return Self.quantiles(pooledTime.count >= Self.minimumSamples ? pooledTime : byHorizon[minutes]!)
            }
            for kind in 0...2 {
                for block in Self.blockStarts.indices {
                    let key = Key(minutes: minutes, kind: kind, block: block)
                    let pooled = pooledByBlock[block]
                    let own = errors[key] ?? []
                    var band = Band(key: key, low: pooled.low, high: pooled.high, samples: own.count)
                    if !own.isEmpty {
                        (band.low, band.high) = Self.shrunk(Self.quantiles(own), count: own.count, toward: pooled)
                    }
                    bands.append(band)
                }
            }
        }
    }

    /// The band for a key (the nearest horizon learned), nil when none was.
    public func band(_ key: Key) -> Band? {
        bands.filter { $0.key.kind == key.kind && $0.key.block == key.block }
            .min { abs($0.key.minutes - key.minutes) < abs($1.key.minutes - key.minutes) }
    }

    /// A key's own quantiles, of `count` errors, moved toward the pooled ones: they weigh n / (n + 200).
    static func shrunk(
        _ own: (low: Double, high: Double), count: Int, toward pooled: (low: Double, high: Double)
    ) -> (low: Double, high: Double) {
        let weight = Double(count) / Double(count + minimumSamples)
        return (pooled.low + weight * (own.low - pooled.low), pooled.high + weight * (own.high - pooled.high))
    }

    /// The 10th and 90th percentiles of some errors.
    static func quantiles(_ values: [Double]) -> (low: Double, high: Double) {
        let sorted = values.sorted()
        return (quantile(sorted, 0.1), quantile(sorted, 0.9))
    }

    /// Linear interpolation between order statistics of sorted values.
    static func quantile(_ sorted: [Double], _ q: Double) -> Double {
        let position = q * Double(sorted.count - 1)
        let lower = Int(position.rounded(.down))
        let upper = min(lower + 1, sorted.count - 1)
        return sorted[lower] + (position - Double(lower)) * (sorted[upper] - sorted[lower])
    }
}
