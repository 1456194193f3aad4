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
        /// The same share per day kind of the target (`ForecastFeatures.kindCode`).
        public var coverageByKind: [Int: Double] = [:]
        /// Mean interval score of p10...p90 (``Backtest/intervalScore(p10:p90:actual:)``), in spaces.
        public var intervalScore = 0.0
        /// The risk of no space against how often the lot was full, per bin of ``Backtest/riskBins``.
        public var reliability: [ReliabilityBin] = []

        public var ratioToPersistence: Double { forecastMAE / max(persistenceMAE, 0.0001) }
        public var ratioToLastWeek: Double { forecastMAEOnLastWeek / max(lastWeekMAE, 0.0001) }
    }

    /// The bins of the reliability table, in percent of risk: each holds risks from its lower bound up to the next
    /// bin's.
    public static let riskBins = [0...10, 10...30, 30...60, 60...100]

    /// One bin of the reliability table: forecasts whose risk of no space fell in `percent`, and how often the lot
    /// was then full.
    public struct ReliabilityBin: Sendable, Equatable {
        public var percent: ClosedRange<Int>
        public var samples: Int
        /// The mean risk forecast (0...1).
        public var predicted: Double
        /// The share of those forecasts that found no free space.
        public var observed: Double

        /// Whether the observed rate lies inside the bin's range.
        public var holds: Bool {
            (Double(percent.lowerBound) / 100...Double(percent.upperBound) / 100).contains(observed)
        }
    }

    public var forecaster: Forecaster
    /// Starts in a lot's first days are not scored: the forecaster has no past days to learn from yet.
    public var warmUpDays = 7
    /// When set, the forecaster learns: retrained at the start of every scored week on everything before it (a
    /// rolling origin), as the server retrains on its history.
    public var trainer: ForecastTrainer?
    /// The band's mechanisms served (all but in the ablation of `Tools/bench/run backtest --ablation`).
    public var bandParts = BandCalibration.BandParts.all

    public init(calendar: ForecastCalendar = .seoul, trainer: ForecastTrainer? = nil) {
        forecaster = Forecaster()
        forecaster.horizons = Self.horizons
        forecaster.calendar = calendar
        self.trainer = trainer
    }

    /// A backtest's scores, the models it trained, and every row a reference model needs to be scored on the same
    /// starts with the same rolling origin.
    public struct Outcome: Sendable {
        public var rows: [Row]
        public var models: [StoredForecastModel] = []
        public var export = BacktestExport()
        /// The bands' widths as learned after each scored day, in order (when learning).
        public var calibrations: [BandCalibration] = []
    }

    private struct Sums {
        var n = 0, inside = 0, lastWeekN = 0
        var forecast = 0.0, persistence = 0.0, forecastOnLastWeek = 0.0, lastWeek = 0.0, intervalScore = 0.0
        var byKind: [Int: (n: Int, inside: Int)] = [:]
        /// Per risk bin: forecasts, their summed risk, and how many found the lot full.
        var bins = Array(repeating: (n: 0, risk: 0.0, full: 0), count: Backtest.riskBins.count)

        mutating func add(_ other: Sums) {
            n += other.n
            inside += other.inside
            lastWeekN += other.lastWeekN
            forecast += other.forecast
            persistence += other.persistence
            forecastOnLastWeek += other.forecastOnLastWeek
            lastWeek += other.lastWeek
            intervalScore += other.intervalScore
            for (index, bin) in other.bins.enumerated() {
                bins[index] = (bins[index].n + bin.n, bins[index].risk + bin.risk, bins[index].full + bin.full)
            }
            for (kind, counts) in other.byKind {
                let mine = byKind[kind] ?? (0, 0)
                byKind[kind] = (mine.n + counts.n, mine.inside + counts.inside)
            }
        }
    }

    /// Scores forecasts from every recorded reading of every lot that `startsWhen` accepts (a bucket number).
    public func score(_ series: [HistorySeries], startsWhen accept: @escaping @Sendable (Int) -> Bool = { _ in true })
        async throws -> Outcome
    {
        let warmUp = warmUpDays * TimeSlot.perDay
        let starts = series.map { lot in
            lot.readingBuckets.filter { $0 >= lot.firstBucket + warmUp && accept($0) && lot.value($0) != nil }
        }
        guard let first = starts.compactMap(\.first).min(), let last = starts.compactMap(\.last).max() else {
            return Outcome(rows: [])
        }
        let calendar = forecaster.calendar
        // Weeks start at local midnight of the first scored day.
        let firstMidnight = (calendar.dayNumber(ofBucket: first) * 86_400 - calendar.offsetSeconds) / TimeSlot.seconds
        let weeks = trainer == nil ? [Int.min] : Array(stride(from: firstMidnight, through: last, by: TimeSlot.perWeek))
        var totals: [Int: Sums] = [:]
        var outcome = Outcome(rows: [])
        let training = trainer.map { ForecastTraining(trainer: $0, calendar: calendar, horizons: Self.horizons) }
        if let training {
            outcome.export = await offThePool {
                var export = BacktestExport()
                export.appendTraining(series, training: training)
                return export
            }
        }
        // The bands' widths learn day by day from what the served forecasts missed, as the server's do.
        var calibration = BandCalibration()
        calibration.parts = bandParts
        var pending: [ServedForecast] = []
        for (week, cutoff) in weeks.enumerated() {
            let end = week + 1 < weeks.count ? weeks[week + 1] : Int.max
            var learned: LearnedForecast?
            if let training {
                learned = try await offThePool {
                    try training.train(series, before: cutoff, now: TimeSlot.start(of: cutoff))
                }
                if let learned { outcome.models.append(learned.stored) }
                outcome.export.cutoffs.append(cutoff)
            }
            // Day by day when learning (the widths move between days), else the whole span at once.
            let days =
                learned == nil ? [cutoff] : Array(stride(from: cutoff, to: min(end, last + 1), by: TimeSlot.perDay))
            for (index, dayStart) in days.enumerated() {
                let dayEnd = index + 1 < days.count ? days[index + 1] : min(end, last + 1)
                learned?.calibration = calibration
                let served = try await forecaster.served(
                    series, starts: starts.map { $0.filter { $0 >= dayStart && $0 < dayEnd } }, learned: learned)
                let (sums, export) = tally(served, series: series, week: week)
                for (minutes, s) in sums { totals[minutes, default: Sums()].add(s) }
                outcome.export.append(export)
                if learned != nil {
                    pending = calibration.record(
                        pending + served, through: calendar.dayNumber(ofBucket: dayEnd - 1), calendar: calendar)
                    outcome.calibrations.append(calibration)
                }
            }
        }
        outcome.rows = totals.keys.sorted().map { minutes in
            let s = totals[minutes]!
            let n = Double(max(s.n, 1))
            return Row(
                minutes: minutes, samples: s.n, forecastMAE: s.forecast / n,
                persistenceMAE: s.persistence / n, lastWeekSamples: s.lastWeekN,
                forecastMAEOnLastWeek: s.forecastOnLastWeek / Double(max(s.lastWeekN, 1)),
                lastWeekMAE: s.lastWeek / Double(max(s.lastWeekN, 1)), coverage: Double(s.inside) / n,
                coverageByKind: s.byKind.mapValues { Double($0.inside) / Double(max($0.n, 1)) },
                intervalScore: s.intervalScore / n,
                reliability: zip(Self.riskBins, s.bins).map { range, bin in
                    ReliabilityBin(
                        percent: range, samples: bin.n, predicted: bin.risk / Double(max(bin.n, 1)),
                        observed: Double(bin.full) / Double(max(bin.n, 1)))
                })
        }
        return outcome
    }

    /// Adds up served forecasts per horizon, and the rows a reference is scored on.
    private func tally(_ served: [ServedForecast], series: [HistorySeries], week: Int) -> ([Int: Sums], BacktestExport)
    {
        var sums: [Int: Sums] = [:]
        var export = BacktestExport()
        for point in served {
            let lot = series[point.lot]
            guard let now = lot.value(point.start) else { continue }
            let actual = point.actual
            let kind = ForecastFeatures.kindCode(forecaster.calendar.kind(ofBucket: point.target))
            var s = sums[point.minutes] ?? Sums()
            s.n += 1
            s.forecast += Double(abs(point.p50 - actual))
            s.persistence += Double(abs(now - actual))
            s.intervalScore += Self.intervalScore(p10: point.p10, p90: point.p90, actual: actual)
            if point.inside { s.inside += 1 }
            let bin = Self.riskBins.lastIndex { Double($0.lowerBound) / 100 <= point.risk } ?? 0
            s.bins[bin] = (s.bins[bin].n + 1, s.bins[bin].risk + point.risk, s.bins[bin].full + (actual <= 0 ? 1 : 0))
            let counts = s.byKind[kind] ?? (0, 0)
            s.byKind[kind] = (counts.n + 1, counts.inside + (point.inside ? 1 : 0))
            if let lastWeek = lot.value(point.target - TimeSlot.perWeek) {
                s.lastWeekN += 1
                s.forecastOnLastWeek += Double(abs(point.p50 - actual))
                s.lastWeek += Double(abs(lastWeek - actual))
            }
            sums[point.minutes] = s
            export.appendScored(
                lot: lot, start: point.start, minutes: point.minutes, actual: actual,
                interval: (point.p10, point.p50, point.p90), week: week, calendar: forecaster.calendar)
        }
        return (sums, export)
    }

    /// The interval score (Winkler) of a p10...p90 band: its width, plus 1 / 0.1 times how far outside it the actual
    /// value fell. Lower is better; it rewards narrow bands only as long as they hold.
    public static func intervalScore(p10: Int, p90: Int, actual: Int) -> Double {
        let width = Double(p90 - p10)
        let below = Double(max(p10 - actual, 0))
        let above = Double(max(actual - p90, 0))
        return width + (below + above) / 0.1
    }

    /// Scores a recorded history (its own calendar).
    public static func score(
        _ recorded: RecordedHistory, trainer: ForecastTrainer? = nil, bandParts: BandCalibration.BandParts = .all
    ) async throws -> Outcome {
        var backtest = Backtest(calendar: recorded.calendar, trainer: trainer)
        backtest.bandParts = bandParts
        return try await backtest.score(recorded.series)
    }

    /// Scores `days` days of simulated history ending before `end`'s day, forecasting every `stepMinutes` from 07:00
    /// to 20:00 Seoul time (the hours people look), with five weeks of simulated past before them.
    public static func simulated(
        catalog: Catalog, days: Int, end: Date, stepMinutes: Int = 30, trainer: ForecastTrainer? = nil,
        bandParts: BandCalibration.BandParts = .all
    ) async throws -> Outcome {
        let model = SimulationModel(catalog: catalog)
        let firstScored = SeoulTime(end).dayNumber - days
        let midnight = { (day: Int) in (day * 86_400 - ISO8601.seoulOffsetSeconds) / TimeSlot.seconds }
        let first = midnight(firstScored - 42)
        let last = midnight(firstScored + days + 1)
        let series = catalog.lots.map { HistorySeries.simulated($0, model: model, buckets: first..<last) }
        let step = max(1, stepMinutes / 5)
        let scored = midnight(firstScored)..<midnight(firstScored + days)
        var backtest = Backtest(calendar: .seoul, trainer: trainer)
        backtest.bandParts = bandParts
        return try await backtest.score(series) { bucket in
            let minute = SeoulTime(TimeSlot.start(of: bucket)).minuteOfDay
            return scored.contains(bucket) && bucket % step == 0 && minute >= 7 * 60 && minute <= 20 * 60
        }
    }

    /// A reference model's scores on one horizon's rows (`Tools/bench/run backtest`'s LightGBM).
    public struct Reference: Sendable, Equatable {
        /// Its p50's mean absolute error.
        public var mae: Double
        /// Its p10...p90 band's coverage and interval score, when it has a band.
        public var coverage: Double?
        public var intervalScore: Double?

        public init(mae: Double, coverage: Double? = nil, intervalScore: Double? = nil) {
            self.mae = mae
            self.coverage = coverage
            self.intervalScore = intervalScore
        }
    }

    /// The table printed by `hangangjari-server backtest` and `Tools/bench/run backtest`; with a reference model's
    /// scores per horizon, its columns and the forecaster's ratios to them.
    public static func render(_ rows: [Row], reference: [Int: Reference] = [:]) -> String {
        let withReference = !reference.isEmpty
        var lines = [
            "horizon  samples  MAE p50  persistence  ratio  last week  ratio"
                + (withReference ? "  reference  ratio" : "")
                + "  p10..p90 coverage (working/Sat/Sun+hol)  interval score"
                + (withReference ? "  reference band: coverage  score  ratio" : "")
        ]
        for row in rows {
            var line = String(
                format: "%4d min  %7d  %7.2f  %11.2f  %5.2f  %9.2f  %5.2f", row.minutes, row.samples, row.forecastMAE,
                row.persistenceMAE, row.ratioToPersistence, row.lastWeekMAE, row.ratioToLastWeek)
            let scores = reference[row.minutes]
            if withReference {
                if let scores {
                    line += String(format: "  %9.2f  %5.2f", scores.mae, row.forecastMAE / max(scores.mae, 0.0001))
                } else {
                    line += "          -      -"
                }
            }
            let kinds = (0...2).map { kind in
                row.coverageByKind[kind].map { String(format: "%.0f", $0 * 100) } ?? "-"
            }
            let coverage = String(format: "%5.1f%%", row.coverage * 100) + " (\(kinds.joined(separator: "/")))"
            line += "  " + coverage.padding(toLength: 39, withPad: " ", startingAt: 0)
            line += String(format: "  %14.1f", row.intervalScore)
            if withReference {
                if let coverage = scores?.coverage, let score = scores?.intervalScore {
                    line += String(
                        format: "  %24.1f%%  %5.1f  %5.2f", coverage * 100, score,
                        row.intervalScore / max(score, 0.0001))
                } else {
                    line += "                         -      -      -"
                }
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// The reliability table of the risk of no space: per horizon, one line per bin, e.g.
    /// `risk 10-30%  n=1234  predicted 18.2%  observed 17.5%`.
    public static func renderReliability(_ rows: [Row]) -> String {
        var lines: [String] = []
        for row in rows where !row.reliability.isEmpty {
            lines.append("risk of no space at \(row.minutes) min:")
            for bin in row.reliability {
                lines.append(
                    "risk \(bin.percent.lowerBound)-\(bin.percent.upperBound)%  n=\(bin.samples)  "
                        + String(format: "predicted %.1f%%  observed %.1f%%", bin.predicted * 100, bin.observed * 100))
            }
        }
        return lines.joined(separator: "\n")
    }
}
