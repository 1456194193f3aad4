import Foundation
import ServerForecasting
import TestFixtures
import Testing

@testable import ServerLearning

/// Quantile trees on XGBoost 1.7: their edges hold the quantile asked for, follow a spread that varies with the
/// features, and load back from their bytes as any booster.
struct QuantileTreesTests {
    /// label = x0 + noise uniform in ±x1: its p10 is x0 − 0.8·x1 and its p90 x0 + 0.8·x1.
    static func spreading(rows: Int, seed: UInt64) -> FeatureMatrix {
        var generator = SeededNoise(seed: seed)
        var matrix = FeatureMatrix(columns: 2)
        for _ in 0..<rows {
            let (x0, x1) = (Float.random(in: 0..<1, using: &generator), Float.random(in: 0..<1, using: &generator))
            matrix.append([x0, x1], label: x0 + x1 * Float.random(in: -1..<1, using: &generator), weight: 1)
        }
        return matrix
    }

    static let parameters = [("max_depth", "3"), ("nthread", "1"), ("base_score", "0"), ("seed", "7")]

    @Test func itsEdgesHoldTheirQuantileOnRowsItNeverSaw() throws {
        let (training, unseen) = (Self.spreading(rows: 4000, seed: 1), Self.spreading(rows: 4000, seed: 2))
        let low = try QuantileTrees.train(training, alpha: 0.1, parameters: Self.parameters, eta: 0.1, rounds: 100)
        let high = try QuantileTrees.train(training, alpha: 0.9, parameters: Self.parameters, eta: 0.1, rounds: 100)
        let (lows, highs) = (try low.predict(unseen), try high.predict(unseen))
        let below = zip(unseen.labels, lows).filter { $0 < $1 }.count
        let above = zip(unseen.labels, highs).filter { $0 > $1 }.count
        #expect(abs(Double(below) / 4000 - 0.1) < 0.03, "\(below) of 4000 below p10")
        #expect(abs(Double(above) / 4000 - 0.1) < 0.03, "\(above) of 4000 above p90")
        // Narrow where the noise is small, wide where it is large: the true widths are 1.6·x1.
        let widths = (0..<4000).map { (x1: unseen.values[$0 * 2 + 1], width: highs[$0] - lows[$0]) }
        func meanWidth(_ range: Range<Float>) -> Float {
            let inside = widths.filter { range.contains($0.x1) }
            return inside.map(\.width).reduce(0, +) / Float(inside.count)
        }
        #expect(abs(meanWidth(0..<0.25) - 0.2) < 0.1)
        #expect(abs(meanWidth(0.75..<1) - 1.4) < 0.2)

        let loaded = try Booster.load(try low.serialized())
        #expect(try loaded.predict(unseen) == lows)
    }

    @Test func theWeightedQuantileIsTheFirstValueWhoseCumulativeWeightReachesIt() {
        let values: [Float] = [5, 1, 3, 2, 4]
        #expect(QuantileTrees.weightedQuantile(0..<5, of: values, weights: [1, 1, 1, 1, 1], alpha: 0.5) == 3)
        // The heavy first row (5) takes most of the weight: the median moves up to it.
        #expect(QuantileTrees.weightedQuantile(0..<5, of: values, weights: [10, 1, 1, 1, 1], alpha: 0.5) == 5)
        #expect(QuantileTrees.weightedQuantile(0..<5, of: values, weights: [1, 1, 1, 1, 1], alpha: 0.1) == 1)
        #expect(QuantileTrees.weightedQuantile([1, 3], of: values, weights: [1, 1, 1, 1, 1], alpha: 0.9) == 2)
        #expect(QuantileTrees.weightedQuantile([], of: values, weights: [], alpha: 0.5) == nil)
    }
}
