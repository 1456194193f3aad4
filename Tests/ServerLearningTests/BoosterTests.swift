import Foundation
import ServerForecasting
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
}
