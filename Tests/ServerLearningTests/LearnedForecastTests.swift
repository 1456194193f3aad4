import Foundation
import Models
import ServerForecasting
import ServerLearning
import ServerSources
import TestFixtures
import Testing

@testable import ServerForecasting

/// The learned forecast: trained on enough history only, kept and read back whole, and serving forecasts that say
/// how they were made.
@Suite(.serialized) struct LearnedForecastTests {
    static let trainer = ForecastTrainer.xgboost(most: 40, every: 10, threads: 1)
    static let end = TestClock.daytime

    static func training(horizons: [Int] = Forecaster().horizons) -> ForecastTraining {
        ForecastTraining(trainer: trainer, calendar: .seoul, horizons: horizons)
    }

    static func cutoff(_ series: [HistorySeries]) -> Int {
        series.map { $0.firstBucket + $0.free.count }.max()!
    }

    /// Trains on all of `series` as the server does, off the cooperative pool that other suites' timers run on.
    static func trained(_ series: [HistorySeries]) async throws -> LearnedForecast? {
        try await offThePool { try training().train(series, before: cutoff(series), now: end) }
    }

    @Test func tooLittleHistoryLeavesTheRule() async throws {
        let series = SimulatedHistory.series(days: ForecastTraining.minimumDays - 1, end: Self.end)
        #expect(try await Self.trained(series) == nil)
    }

    @Test func aTrainedModelHasBandsForEveryHorizonAndDayKindAndIsKeptWhole() async throws {
        let series = SimulatedHistory.series(days: 16, end: Self.end)
        let learned = try #require(try await Self.trained(series))
        #expect(learned.stored.days == 16)
        #expect(learned.stored.samples > 1000)
        for minutes in Forecaster().horizons {
            for kind in 0...2 {
                for block in 0..<4 {
                    let key = ConformalBands.Key(minutes: minutes, kind: kind, block: block)
                    let band = try #require(learned.bands.band(key))
                    #expect(band.key == key)
                    #expect(band.low < 0 && band.high > 0, "a band around p50: \(band)")
                }
            }
        }
        let kept = try StoredForecastModel.decoded(try learned.stored.encoded())
        #expect(kept == learned.stored)
        let loaded = try LearnedForecast(kept, trainer: Self.trainer)
        let rows = Self.training().rows(series, starts: 0..<Int.max, before: Int.max).matrix
        #expect(try loaded.model.predict(rows) == learned.model.predict(rows))
    }

    @Test func forecastsSayWhetherTheyWereLearnedOrMadeByTheRule() async throws {
        let series = SimulatedHistory.series(days: 16, end: Self.end)
        let learned = try #require(try await Self.trained(series))
        let history = MemoryHistoryStore()
        for lot in series {
            try await history.record(
                lot.readingBuckets.map { bucket in
                    LotReading(
                        lotId: lot.lot.id, available: lot.value(bucket),
                        observedAt: TimeSlot.start(of: bucket))
                })
        }
        let now = TimeSlot.start(of: Self.cutoff(series) - 1)
        let lot = try #require(series.first { $0.value(Self.cutoff(series) - 1) != nil }, "a lot open now").lot
        let learnedForecast = try await Forecaster().forecast(lot: lot, history: history, now: now, learned: learned)
        #expect(learnedForecast.basis == .known(.learned))
        #expect(!learnedForecast.points.isEmpty)
        for point in learnedForecast.points {
            #expect(point.p10 <= point.p50 && point.p50 <= point.p90, "\(point)")
            #expect(point.p90 <= lot.capacity && point.p10 >= 0)
        }
        // Its risk is served as the days it served turned out: here, every range of risk found the lot full 70% of
        // the time, so every point says about 70%.
        var calibrated = learned
        for range in RiskCalibration.edges.indices {
            for index in 0..<1000 {
                calibrated.calibration.risk.add(
                    minutes: 30, risk: RiskCalibration.edges[range] - 0.01, full: index < 700)
            }
        }
        let served = try await Forecaster().forecast(lot: lot, history: history, now: now, learned: calibrated)
        for point in served.points { #expect(abs(point.riskOfNoSpace - 0.7) <= 0.03, "\(point)") }
        let ruled = try await Forecaster().forecast(lot: lot, history: history, now: now)
        #expect(ruled.basis == .known(.rule))
        let total = Forecaster().parkTotal([learnedForecast, ruled])
        #expect(total.basis == .known(.rule), "a park total is learned only when every lot's forecast is")
    }

    @Test func featuresReadNothingAfterTheStart() throws {
        let lot = try #require(SimulatedHistory.series(days: 40, end: Self.end).first)
        let start = lot.firstBucket + 38 * TimeSlot.perDay  // the afternoon, open
        for minutes in [15, 30, 60, 90, 120, 180] {
            var latest = Int.min
            let row = ForecastFeatures.row(
                start: start, minutes: minutes, capacity: lot.lot.capacity, calendar: .seoul
            ) { bucket in
                latest = max(latest, bucket)
                return lot.value(bucket).map(Double.init)
            }
            #expect(row?.count == ForecastFeatures.names.count)
            #expect(latest == start, "\(minutes) min ahead read bucket \(latest), after the start \(start)")
        }
    }

    @Test func theFirstModelsRowsAreTheRowsOfAllWhoseTargetIsBeforeTheHeldOutDays() {
        let series = SimulatedHistory.series(days: 8, end: Self.end)
        let cutoff = Self.cutoff(series)
        let calibrationStart = cutoff - 3 * TimeSlot.perDay
        let training = Self.training()
        let computed = training.rows(series, starts: Int.min..<calibrationStart, before: calibrationStart).matrix
        let all = training.rows(series, starts: Int.min..<cutoff, before: cutoff)
        let taken = all.matrix.subset(all.keys.indices.filter { all.keys[$0].target < calibrationStart })
        #expect(computed.rows > 1000)
        #expect(taken.rows == computed.rows)
        #expect(taken.values.elementsEqual(computed.values) { $0 == $1 || ($0.isNaN && $1.isNaN) })
        #expect(taken.labels == computed.labels)
        #expect(taken.weights == computed.weights)
    }

    @Test func aHistoryOverTheRowBudgetIsTrainedOnStartsFurtherApart() async throws {
        let series = SimulatedHistory.series(days: 8, end: Self.end)
        let cutoff = Self.cutoff(series)
        var training = Self.training()
        let rows = training.rows(series, starts: Int.min..<cutoff, before: cutoff).matrix.rows
        // The budget counts a row for every start and horizon, before looking for the targets.
        let estimate =
            series.reduce(0) { $0 + training.spacedStarts($1, in: Int.min..<cutoff).count } * training.horizons.count
        #expect(estimate >= rows)
        training.rowBudget = estimate
        #expect(training.spacing(series, before: cutoff) == training.startSpacing)
        training.rowBudget = estimate - 1
        #expect(training.spacing(series, before: cutoff) == 2 * training.startSpacing)
        training.rowBudget = estimate / 3
        #expect(training.spacing(series, before: cutoff) == 3 * training.startSpacing)
        training.rowBudget = (estimate + 1) / 2
        let spacing = training.spacing(series, before: cutoff)
        #expect(spacing == 2 * training.startSpacing)

        let trained = try await offThePool { [training] in try training.train(series, before: cutoff, now: Self.end) }
        let thinned = try #require(trained)
        let thinnedRows = training.rows(series, starts: Int.min..<cutoff, before: cutoff, spacing: spacing).matrix.rows
        #expect(thinned.stored.samples == thinnedRows)
        #expect(Double(thinnedRows) / Double(rows) > 0.45 && Double(thinnedRows) / Double(rows) < 0.55)
    }
}
