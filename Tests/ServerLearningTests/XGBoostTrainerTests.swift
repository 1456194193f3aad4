import ServerForecasting
import Testing

@testable import ServerLearning

/// The change model's loss is in its labels' own scale: a quiet history is fitted as a busy one is.
struct XGBoostTrainerTests {
    @Test func theSlopeIsOneAndAHalfTimesTheLabelsMedianSizeAndNeverNothing() {
        #expect(ForecastTrainer.huberSlope(labelSize: 0.02) == Float(1.5) * 0.02)
        #expect(ForecastTrainer.huberSlope(labelSize: 0) == 0.001)
    }

    @Test func aHistoryTenTimesQuieterIsFittedAsItsBusyTwinIs() throws {
        let trainer = ForecastTrainer.xgboost(most: 40, every: 10, threads: 1)
        let busy = BoosterTests.noisy(rows: 3000, signal: 0.7, seed: 11)
        var quiet = busy
        quiet.labels = busy.labels.map { $0 / 10 }
        let rows = BoosterTests.noisy(rows: 300, signal: 0.7, seed: 12)

        let fromBusy = try trainer.fit(busy, 40, busy.medianLabelSize).model.predict(rows)
        let fromQuiet = try trainer.fit(quiet, 40, quiet.medianLabelSize).model.predict(rows)
        // The loss's gradients scale with the labels and its curvature does not, so the trees are the same and their
        // answers a tenth (up to rounding); a slope fixed in shares of capacity would fit the quiet twin by squares.
        let apart = zip(fromBusy, fromQuiet).map { abs($0 / 10 - $1) }.max() ?? .infinity
        let size = fromBusy.map { abs($0) / 10 }.max() ?? 0
        #expect(size > 0.01)
        #expect(apart < size * 0.001, "\(apart) of \(size)")

        let fixed = try trainer.fit(quiet, 40, busy.medianLabelSize).model.predict(rows)
        let fixedApart = zip(fromBusy, fixed).map { abs($0 / 10 - $1) }.max() ?? 0
        #expect(fixedApart > size * 0.01, "\(fixedApart) of \(size)")
    }
}
