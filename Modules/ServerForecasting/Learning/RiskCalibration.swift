import Foundation

/// The risk of no space as it turned out: per horizon, how often the lot was then full for forecasts whose risk (as
/// the normal distribution around p50 gives it) fell in each of a few ranges, learned from the served forecasts day
/// by day beside ``BandCalibration``. A served risk is that share (histogram binning), so a risk of 40% is full
/// about four times in ten.
///
/// The normal distribution says too little where a lot sits at or near zero free spaces: a lot pinned at zero is
/// not spread around its p50. Each range's share is shrunk toward the risks it holds by ``priorForecasts``
/// pseudo-forecasts, so a range with few forecasts stays near what it said, and the shares are made non-decreasing
/// in the risk (pool adjacent violators) so that a higher risk is never served as a lower one.
public struct RiskCalibration: Sendable, Codable, Equatable {
    /// The ranges' upper edges (the last is 1): finer where most forecasts are.
    static let edges = [0.02, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.8, 1]
    /// How many forecasts at its own mean risk a range's share starts from.
    static let priorForecasts = 20.0

    /// One horizon's record, per range: forecasts, their summed risk, how many found the lot full.
    public struct Horizon: Sendable, Codable, Equatable {
        public var minutes: Int
        public var forecasts: [Double]
        public var risk: [Double]
        public var full: [Double]

        init(minutes: Int) {
            self.minutes = minutes
            forecasts = Array(repeating: 0, count: RiskCalibration.edges.count)
            risk = forecasts
            full = forecasts
        }
    }

    public var horizons: [Horizon] = []

    public init() {}

    /// The range a risk falls in.
    static func range(of risk: Double) -> Int { edges.firstIndex { risk < $0 } ?? edges.count - 1 }

    /// Counts one forecast of `minutes` that said `risk` and found the lot `full` or not.
    public mutating func add(minutes: Int, risk: Double, full: Bool) {
        let index: Int
        if let found = horizons.firstIndex(where: { $0.minutes == minutes }) {
            index = found
        } else {
            horizons.append(Horizon(minutes: minutes))
            horizons.sort { $0.minutes < $1.minutes }
            index = horizons.firstIndex { $0.minutes == minutes }!
        }
        let range = Self.range(of: risk)
        horizons[index].forecasts[range] += 1
        horizons[index].risk[range] += risk
        horizons[index].full[range] += full ? 1 : 0
    }

    /// Adds another record's counts (a day's) to this one.
    public mutating func merge(_ other: RiskCalibration) {
        for horizon in other.horizons {
            if let index = horizons.firstIndex(where: { $0.minutes == horizon.minutes }) {
                for range in horizon.forecasts.indices {
                    horizons[index].forecasts[range] += horizon.forecasts[range]
                    horizons[index].risk[range] += horizon.risk[range]
                    horizons[index].full[range] += horizon.full[range]
                }
            } else {
                horizons.append(horizon)
                horizons.sort { $0.minutes < $1.minutes }
            }
        }
    }

    /// The risk to serve for a forecast of `minutes` (the nearest horizon recorded) that says `risk`, to the
    /// hundredth; `risk` itself before anything is recorded.
    public func calibrated(_ risk: Double, minutes: Int) -> Double {
        guard let horizon = horizons.min(by: { abs($0.minutes - minutes) < abs($1.minutes - minutes) }) else {
            return risk
        }
        let range = Self.range(of: risk)
        // Shrunk shares with their weights; an empty range says its own middle.
        var blocks = horizon.forecasts.indices.map { index -> (share: Double, weight: Double, ranges: Int) in
            let n = horizon.forecasts[index]
            let lower = index == 0 ? 0 : Self.edges[index - 1]
            let said = n > 0 ? horizon.risk[index] / n : (lower + Self.edges[index]) / 2
            let weight = n + Self.priorForecasts
            return ((horizon.full[index] + Self.priorForecasts * said) / weight, weight, 1)
        }
        // Pool adjacent violators: a range whose share is below the one before it joins it.
        var pooled: [(share: Double, weight: Double, ranges: Int)] = []
        for block in blocks {
            var merged = block
            while let last = pooled.last, last.share > merged.share {
                pooled.removeLast()
                let weight = last.weight + merged.weight
                merged = (
                    (last.share * last.weight + merged.share * merged.weight) / weight, weight,
                    last.ranges + merged.ranges
                )
            }
            pooled.append(merged)
        }
        blocks = pooled.flatMap { Array(repeating: $0, count: $0.ranges) }
        return (min(max(blocks[range].share, 0), 1) * 100).rounded() / 100
    }
}
