import Foundation
import Models
import ServerForecasting
import ServerLearning
import ServerSources
import TestFixtures
import Testing

/// The backtest with a learner: retrained at the start of each scored week on everything before it, and exporting
/// the same starts for a reference model.
struct RollingBacktestTests {
    @Test func eachScoredWeekHasAModelOfTheHistoryBeforeIt() async throws {
        let series = SimulatedHistory.series(days: 30)
        let first = series.map(\.firstBucket).min()!
        var backtest = Backtest(calendar: .seoul, trainer: .xgboost(rounds: 30, threads: 1))
        backtest.warmUpDays = 7
        let outcome = try await backtest.score(series) { $0 % 12 == 0 }  // hourly starts

        #expect(outcome.export.cutoffs.count == 4, "four weeks from the midnight before the first scored start")
        // A week whose cut-off has too little history before it is forecast by the rule.
        let learned = outcome.export.cutoffs.filter { ($0 - first) / 288 >= ForecastTraining.minimumDays }
        #expect(learned.count == 4)
        #expect(outcome.models.map(\.days) == learned.map { ($0 - first) / 288 })
        #expect(outcome.models.map(\.trainedAt) == learned.map(SimulationModel.date(ofBucket:)))
        let scored = outcome.export.rows.filter { $0.week != nil }
        #expect(scored.count == outcome.rows.map(\.samples).reduce(0, +), "the reference is scored on the same rows")
        #expect(outcome.export.features.rows == outcome.export.rows.count)
        for row in scored {
            let week = try #require(row.week)
            #expect(row.start >= outcome.export.cutoffs[week])
        }
        let csv = outcome.export.csv().split(separator: "\n")
        #expect(csv.first?.hasSuffix(ForecastFeatures.names.joined(separator: ",")) == true)
        #expect(csv.count == outcome.export.rows.count + 1)
        for row in outcome.rows where row.minutes >= 30 {
            #expect(row.forecastMAE < row.persistenceMAE, "\(row)")
        }
    }
}
