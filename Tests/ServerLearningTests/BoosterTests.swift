import Foundation
import ServerForecasting
import TestFixtures
import Testing

@testable import ServerLearning

/// Debian's XGBoost library through its C API: it learns, its bytes load back, and its own errors are reported.
struct BoosterTests {
    /// y = 0.5·x0 − 0.2·x1 on a grid, with a column that is sometimes unknown (NaN).
    static func matrix(rows: Int = 2000) -> FeatureMatrix {
        var matrix = FeatureMatrix(columns: 3)
        for i in 0..<rows {
            let x0 = Float(i % 50) / 50
            let x1 = Float((i / 50) % 40) / 40
            matrix.append([x0, x1, i % 7 == 0 ? .nan : 1], label: 0.5 * x0 - 0.2 * x1, weight: 1)
        }
        return matrix
    }

    @Test func learnsAndLoadsBackFromItsBytes() throws {
        let training = Self.matrix()
        let booster = try Booster.train(
            training, parameters: [("max_depth", "4"), ("eta", "0.3"), ("nthread", "1"), ("base_score", "0")],
            rounds: 60)
        let predicted = try booster.predict(training)
        let errors = zip(predicted, training.labels).map { abs($0 - $1) }
        #expect(errors.reduce(0, +) / Float(errors.count) < 0.02)

        let loaded = try Booster.load(try booster.serialized())
        #expect(try loaded.predict(training) == predicted)
    }

    @Test func bytesThatAreNoModelAreRefusedWithTheLibrarysReason() throws {
        #expect {
            _ = try Booster.load(Data("not a model".utf8))
        } throws: { error in
            "\(error)".hasPrefix("XGBoost XGBoosterLoadModelFromBuffer failed: ")
        }
    }

    @Test func labelsThatDoNotMatchTheRowsAreRefused() throws {
        var matrix = Self.matrix(rows: 10)
        matrix.labels.removeLast(3)
        #expect(throws: Booster.Failure.self) {
            _ = try Booster.train(matrix, parameters: [("nthread", "1")], rounds: 1)
        }
    }

    /// Labels with noise from a fixed generator: `signal` of the label is learnable, the rest is not.
    static func noisy(rows: Int, signal: Float, seed: UInt64) -> FeatureMatrix {
        var generator = SeededNoise(seed: seed)
        var matrix = FeatureMatrix(columns: 3)
        for _ in 0..<rows {
            let (x0, x1) = (Float.random(in: 0..<1, using: &generator), Float.random(in: 0..<1, using: &generator))
            let noise = Float.random(in: -1..<1, using: &generator)
            matrix.append([x0, x1, 1], label: signal * sin(6 * x0) * x1 + (1 - signal) * noise, weight: 1)
        }
        return matrix
    }

    static let choosing: [(String, String)] = [
        ("max_depth", "3"), ("eta", "0.1"), ("nthread", "1"), ("base_score", "0"), ("eval_metric", "mae"),
        ("seed", "7"),
    ]

    @Test func theHeldOutRowsChooseHowManyTreesAreKept() throws {
        // A learnable curve keeps gaining from trees; pure noise stops gaining at once.
        let learnable = try Booster.train(
            Self.noisy(rows: 4000, signal: 1, seed: 1), heldOut: Self.noisy(rows: 1000, signal: 1, seed: 2),
            parameters: Self.choosing, most: 300, every: 10, patience: 50)
        let noise = try Booster.train(
            Self.noisy(rows: 4000, signal: 0, seed: 3), heldOut: Self.noisy(rows: 1000, signal: 0, seed: 4),
            parameters: Self.choosing, most: 300, every: 10, patience: 50)
        #expect(learnable.rounds >= 100, "\(learnable.rounds)")
        #expect(noise.rounds <= 30, "\(noise.rounds)")
        #expect(learnable.rounds % 10 == 0 && noise.rounds % 10 == 0)

        // The booster kept is the first trees of a full training, no more.
        let full = try Booster.train(
            Self.noisy(rows: 4000, signal: 1, seed: 1), parameters: Self.choosing, rounds: learnable.rounds)
        let rows = Self.noisy(rows: 200, signal: 1, seed: 5)
        #expect(try learnable.booster.predict(rows) == full.predict(rows))
    }

    @Test func noHeldOutRowsKeepEveryTreeTrained() throws {
        let trained = try Booster.train(
            Self.noisy(rows: 500, signal: 1, seed: 1), heldOut: FeatureMatrix(columns: 3),
            parameters: Self.choosing, most: 40, every: 10, patience: 10)
        #expect(trained.rounds == 40)
    }
}
