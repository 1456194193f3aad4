import Foundation
import Models
import ServerSources

/// Scores the forecaster on history: from each start, forecasts made with only what was known then, compared with
/// what happened, with persistence (it stays as it is now) and with the same time last week.
public struct Backtest: Sendable {
    /// The horizons scored, in minutes.
    public static let horizons = [15, 30, 60, 90, 120, 180]

    /// One horizon's scores.
    public struct Row: Sendable, Equatable {
        public var minutes: Int
        public var samples: Int
        /// Mean absolute error of p50, in spaces.
        public var forecastMAE: Double
        /// Mean absolute error of the value at the start.
        public var persistenceMAE: Double
        /// Samples with a value at the same time last week.
        public var lastWeekSamples: Int
        /// p50's error on those samples.
        public var forecastMAEOnLastWeek: Double
        /// The error of last week's value on those samples.
        public var lastWeekMAE: Double
        /// Share of actual values inside p10...p90.
        public var coverage: Double

        public var ratioToPersistence: Double { forecastMAE / max(persistenceMAE, 0.0001) }
        public var ratioToLastWeek: Double { forecastMAEOnLastWeek / max(lastWeekMAE, 0.0001) }
    }

    public var forecaster: Forecaster
    /// Starts in a lot's first days are not scored: the forecaster has no past days to learn from yet.
    public var warmUpDays = 7

    public init(calendar: ForecastCalendar = .seoul) {
        forecaster = Forecaster()
        forecaster.horizons = Self.horizons
        forecaster.calendar = calendar
    }

    private struct Sums {
        var n = 0, inside = 0, lastWeekN = 0
        var forecast = 0.0, persistence = 0.0, forecastOnLastWeek = 0.0, lastWeek = 0.0

        mutating func add(_ other: Sums) {
            n += other.n
            inside += other.inside
            lastWeekN += other.lastWeekN
            forecast += other.forecast
            persistence += other.persistence
            forecastOnLastWeek += other.forecastOnLastWeek
            lastWeek += other.lastWeek
        }
    }

    /// Scores forecasts from every recorded reading of every lot that `startsWhen` accepts (a bucket number).
    public func score(_ series: [HistorySeries], startsWhen accept: @escaping @Sendable (Int) -> Bool = { _ in true })
        async throws -> [Row]
    {
        let byLot = Dictionary(series.map { ($0.lot.id, $0) }, uniquingKeysWith: { a, _ in a })
        let forecaster = forecaster
        let warmUp = warmUpDays * 288
        var totals: [Int: Sums] = [:]
        try await withThrowingTaskGroup(of: [Int: Sums].self) { group in
            for lot in series {
                group.addTask {
                    var sums: [Int: Sums] = [:]
                    for start in lot.readingBuckets where start >= lot.firstBucket + warmUp && accept(start) {
                        guard let now = lot.value(start) else { continue }
                        await Task.yield()  // long CPU-bound work: let other tasks on the shared pool run
                        let history = SeriesHistory(series: byLot, asOf: start)
                        let forecast = try await forecaster.forecast(
                            lot: lot.lot, history: history, now: SimulationModel.date(ofBucket: start))
                        for point in forecast.points {
                            let target = SimulationModel.bucket(point.at)
                            guard let actual = lot.value(target) else { continue }
                            var s = sums[point.minutesAhead] ?? Sums()
                            s.n += 1
                            s.forecast += Double(abs(point.p50 - actual))
                            s.persistence += Double(abs(now - actual))
                            if actual >= point.p10 && actual <= point.p90 { s.inside += 1 }
                            if let lastWeek = lot.value(target - 7 * 288) {
                                s.lastWeekN += 1
                                s.forecastOnLastWeek += Double(abs(point.p50 - actual))
                                s.lastWeek += Double(abs(lastWeek - actual))
                            }
                            sums[point.minutesAhead] = s
                        }
                    }
                    return sums
                }
            }
            for try await sums in group {
                for (minutes, s) in sums { totals[minutes, default: Sums()].add(s) }
            }
        }
        return totals.keys.sorted().map { minutes in
            let s = totals[minutes]!
            return Row(
                minutes: minutes, samples: s.n, forecastMAE: s.forecast / Double(max(s.n, 1)),
                persistenceMAE: s.persistence / Double(max(s.n, 1)), lastWeekSamples: s.lastWeekN,
                forecastMAEOnLastWeek: s.forecastOnLastWeek / Double(max(s.lastWeekN, 1)),
                lastWeekMAE: s.lastWeek / Double(max(s.lastWeekN, 1)), coverage: Double(s.inside) / Double(max(s.n, 1)))
        }
    }

    /// Scores a recorded history (its own calendar).
    public static func score(_ recorded: RecordedHistory) async throws -> [Row] {
        try await Backtest(calendar: recorded.calendar).score(recorded.series)
    }

    /// Scores `days` days of simulated history ending before `end`'s day, forecasting every `stepMinutes` from 07:00
    /// to 20:00 Seoul time (the hours people look), with five weeks of simulated past before them.
    public static func simulated(catalog: Catalog, days: Int, end: Date, stepMinutes: Int = 30) async throws -> [Row] {
        let model = SimulationModel(catalog: catalog)
        let firstScored = SeoulTime(end).dayNumber - days
        let midnight = { (day: Int) in (day * 86_400 - ISO8601.seoulOffsetSeconds) / 300 }
        let first = midnight(firstScored - 42)
        let last = midnight(firstScored + days + 1)
        let series = catalog.lots.map { lot in
            let free = (first..<last).map { bucket in
                Int32(model.available(lot: lot, at: SimulationModel.date(ofBucket: bucket)) ?? -1)
            }
            return HistorySeries(
                lot: lot, firstBucket: first, free: free,
                readingBuckets: (first..<last).filter { free[$0 - first] >= 0 })
        }
        let step = max(1, stepMinutes / 5)
        let scored = midnight(firstScored)..<midnight(firstScored + days)
        return try await Backtest(calendar: .seoul).score(series) { bucket in
            let minute = SeoulTime(SimulationModel.date(ofBucket: bucket)).minuteOfDay
            return scored.contains(bucket) && bucket % step == 0 && minute >= 7 * 60 && minute <= 20 * 60
        }
    }

    /// The table printed by `hangangjari-server backtest` and `Tools/bench/run backtest`.
    public static func render(_ rows: [Row]) -> String {
        var lines = ["horizon  samples  MAE p50  persistence  ratio  last week  ratio  p10..p90 coverage"]
        for row in rows {
            lines.append(
                String(
                    format: "%4d min  %7d  %7.2f  %11.2f  %5.2f  %9.2f  %5.2f  %5.1f%%", row.minutes, row.samples,
                    row.forecastMAE,
                    row.persistenceMAE, row.ratioToPersistence, row.lastWeekMAE, row.ratioToLastWeek, row.coverage * 100
                ))
        }
        return lines.joined(separator: "\n")
    }
}
