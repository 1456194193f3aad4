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
        var backtest = Backtest(calendar: .seoul, trainer: .xgboost(most: 30, every: 10, threads: 1))
        backtest.warmUpDays = 7
        let outcome = try await backtest.score(series) { $0 % 12 == 0 }  // hourly starts

        #expect(outcome.export.cutoffs.count == 4, "four weeks from the midnight before the first scored start")
        // A week whose cut-off has too little history before it is forecast by the rule.
        let learned = outcome.export.cutoffs.filter { ($0 - first) / 288 >= ForecastTraining.minimumDays }
        #expect(learned.count == 4)
        #expect(outcome.models.map(\.days) == learned.map { ($0 - first) / 288 })
        #expect(outcome.models.map(\.trainedAt) == learned.map(SimulationModel.date(ofBucket:)))
        // The risk's record grows with the days served, at every horizon.
        let risks = try #require(outcome.calibrations.last?.risk)
        #expect(risks.horizons.map(\.minutes) == Backtest.horizons)
        #expect(risks.horizons.allSatisfy { $0.forecasts.reduce(0, +) > 100 })
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

/// The bands' widths learn as the backtest replays the days: errors that widen mid-way widen the served bands within
/// a week, and narrow them again within a week of shrinking.
struct AdaptiveBandsTests {
    @Test func bandsWidenWithinAWeekOfWiderErrorsAndNarrowWhenTheyShrink() async throws {
        var series = SimulatedHistory.series(days: 49)
        let first = series.map(\.firstBucket).min()!
        let (widen, shrink) = (first + 25 * TimeSlot.perDay, first + 35 * TimeSlot.perDay)
        var generator = SeededNoise(seed: 7)
        for index in series.indices {
            let capacity = Double(series[index].lot.capacity)
            for offset in series[index].free.indices where series[index].free[offset] >= 0 {
                let bucket = series[index].firstBucket + offset
                let spread = (widen..<shrink).contains(bucket) ? 0.08 : 0.01
                let noisy = Double(series[index].free[offset]) + generator.normal() * spread * capacity
                series[index].free[offset] = Int32(min(capacity, max(0, noisy.rounded())))
            }
        }
        var backtest = Backtest(calendar: .seoul, trainer: .xgboost(most: 30, every: 10, threads: 1))
        backtest.warmUpDays = 7
        let outcome = try await backtest.score(series) { $0 % 12 == 0 }  // hourly starts

        // The served band's mean width at 60 minutes over days [from, to) of the history.
        func width(_ days: Range<Int>) -> Double {
            let range = (first + days.lowerBound * TimeSlot.perDay)..<(first + days.upperBound * TimeSlot.perDay)
            let rows = outcome.export.rows.filter { $0.week != nil && $0.minutes == 60 && range.contains($0.start) }
            return Double(rows.map { $0.p90! - $0.p10! }.reduce(0, +)) / Double(max(rows.count, 1))
        }
        // Working days: the simulated weekends of the days just after are wider for reasons of their own.
        let before = width(21..<25)
        let widened = width(26..<32)
        let after = width(37..<39)
        #expect(widened > 2 * before, "before \(before), the first days of wider errors \(widened)")
        #expect(after < 0.6 * widened, "wider \(widened), two to four days after they shrank \(after)")
        // The learned factor on the conformal bands rose while the errors were wider and fell after.
        let factors = outcome.calibrations.map { $0.factor(minutes: 60, kind: 0) }
        #expect(factors[18..<25].max()! > 1.4 && factors[29..<33].min()! < 0.7, "\(factors)")
        #expect(outcome.calibrations.count >= 40)
    }
}
