import Foundation

/// Trains a ``LearnedForecast`` on history up to a cut-off: a first model on all but the last week (half the history
/// while there is less than two weeks), whose errors on those days give the bands, then the model served, on
/// everything. The model learns the change the rule misses
/// (``ForecastFeatures/base(_:)``); its errors are kept in units of the row's spread (``ForecastFeatures/scale(_:)``).
public struct ForecastTraining: Sendable {
    public var trainer: ForecastTrainer
    public var calendar: ForecastCalendar
    /// Horizons trained for, in minutes.
    public var horizons: [Int]
    /// The most recent days, out of the first model's sight, whose errors calibrate the bands: a week, or half the
    /// history while it is shorter than two weeks.
    static func calibrationDays(of days: Int) -> Int { min(7, days / 2) }
    /// Less history than this: the rule forecasts instead. The backtests decide it: on the recorded histories a
    /// model of three days calibrated on the next three forecasts better than the rule from 60 minutes on.
    public static let minimumDays = 6
    /// A row's band unit from the spread model's answer: never under a fifth of a percent of capacity, so that a
    /// band is never nothing.
    static func unit(_ spread: Float) -> Double { max(Double(spread), 0.002) }
    /// Training starts are at least this many 5-minute buckets apart (a 5-minute series gives 15-minute starts).
    public var startSpacing = 3

    public init(trainer: ForecastTrainer, calendar: ForecastCalendar, horizons: [Int] = Forecaster().horizons) {
        self.trainer = trainer
        self.calendar = calendar
        self.horizons = horizons
    }

    /// A model of the series' values before `cutoff` (a bucket), or nil when they span fewer than
    /// ``minimumDays`` days. `now` is the training's time, kept with the model, as is `calibration` (the bands'
    /// widths learned so far, carried on from model to model: ``recalibrated(_:series:before:)``).
    public func train(
        _ series: [HistorySeries], before cutoff: Int, now: Date, calibration: BandCalibration = BandCalibration()
    ) throws -> LearnedForecast? {
        let started = Date()
        guard let first = series.compactMap({ $0.readingBuckets.first }).min() else { return nil }
        let days = (cutoff - first) / TimeSlot.perDay
        guard days >= Self.minimumDays else { return nil }
        let calibrationStart = cutoff - Self.calibrationDays(of: days) * TimeSlot.perDay

        // Features read nothing after their start, so the first model's rows are those of all rows whose target
        // is before the held-out days: taken, not computed again.
        let all = rows(series, starts: Int.min..<cutoff, before: cutoff, spacing: spacing(series, before: cutoff))
        let fitting = all.matrix.subset(all.keys.indices.filter { all.keys[$0].target < calibrationStart })
        guard fitting.rows > 0 else { return nil }
        let held = rows(series, starts: calibrationStart..<cutoff, before: cutoff)
        let labelSize = all.matrix.medianLabelSize
        // The held-out days choose the number of trees too: a long history of many lots takes more than a short
        // one before its error on new days stops falling.
        let (firstModel, trees) = try trainer.fitChoosingTrees(fitting, held.matrix, labelSize)
        // The spread model learns how far off the first model is on its own rows; the held-out days then set the
        // bands in its unit (its answers are too small there, being in-sample, and the quantiles make up for it).
        // Every third row is enough for it, and keeps the training's time and peak near what they were without it.
        var misses = fitting.subset(Array(stride(from: 0, to: fitting.rows, by: 3)))
        misses.labels = zip(misses.labels, try firstModel.predict(misses)).map { abs($0 - $1) }
        let (spread, spreadBytes) = try trainer.fitSpread(misses)
        let predicted = try firstModel.predict(held.matrix)
        let units = try spread.predict(held.matrix).map(Self.unit)
        var errors: [ConformalBands.Key: [Double]] = [:]
        for (index, key) in held.keys.enumerated() {
            errors[key.band, default: []].append(Double(held.matrix.labels[index] - predicted[index]) / units[index])
        }
        let bands = Self.served(
            ConformalBands(errors: errors), held: held.keys, predicted: predicted, units: units, series: series)

        let (model, bytes) = try trainer.fit(all.matrix, trees, labelSize)
        // The quantile models learn the band's edges from every third row of all, as the spread model learns from
        // every third of the first model's: a band's edges need fewer rows than its middle.
        let everyThird = all.matrix.subset(Array(stride(from: 0, to: all.matrix.rows, by: 3)))
        let (low, lowBytes) = try trainer.fitQuantile(everyThird, 0.1)
        let (high, highBytes) = try trainer.fitQuantile(everyThird, 0.9)
        let stored = StoredForecastModel(
            trainedAt: now, days: days, samples: all.matrix.rows, seconds: Date().timeIntervalSince(started),
            trees: trees, bands: bands, calibration: calibration, model: bytes, spread: spreadBytes, low: lowBytes,
            high: highBytes)
        return LearnedForecast(model: model, spread: spread, quantiles: (low, high), stored: stored)
    }

    /// Where a training row comes from.
    struct RowKey {
        var lot: Int
        var start: Int
        var minutes: Int
        var band: ConformalBands.Key
        /// Where the model starts from (``ForecastFeatures/base(_:)``).
        var base: Float
        /// The bucket whose value is forecast.
        var target: Int { start + minutes / 5 }
    }

    /// The bands widened or narrowed per horizon and time of day so that the bands as served (whole spaces, within
    /// the lot) hold ``BandCalibration/target`` of the held-out actual values: rounding to whole spaces and clamping at an empty
    /// or full lot would otherwise cover more than the errors' quantiles say, more at night than by day.
    static func served(
        _ bands: ConformalBands, held: [RowKey], predicted: [Float], units: [Double], series: [HistorySeries]
    ) -> ConformalBands {
        typealias Held = (low: Double, high: Double, key: RowKey, unit: Double, change: Double, now: Int, actual: Int)
        var byTime: [ConformalBands.Key: [Held]] = [:]
        var byHorizon: [Int: [Held]] = [:]
        for (index, key) in held.enumerated() {
            let lot = series[key.lot]
            guard let band = bands.band(key.band), let now = lot.value(key.start),
                let actual = lot.value(key.target)
            else { continue }
            let row = (band.low, band.high, key, units[index], Double(key.base + predicted[index]), now, actual)
            byTime[ConformalBands.Key(minutes: key.minutes, kind: 0, block: key.band.block), default: []].append(row)
            byHorizon[key.minutes, default: []].append(row)
        }
        func factor(_ rows: [Held]) -> Double {
            func coverage(_ factor: Double) -> Double {
                let inside = rows.filter { row in
                    let capacity = Double(max(series[row.key.lot].lot.capacity, 1))
                    let served = Forecaster.interval(
                        p50: Double(row.now) + row.change * capacity,
                        below: max(-row.low * factor * row.unit * capacity, 0.5),
                        above: max(row.high * factor * row.unit * capacity, 0.5), capacity: capacity)
                    return row.actual >= served.p10 && row.actual <= served.p90
                }
                return Double(inside.count) / Double(rows.count)
            }
            // Coverage grows with the factor: bisect between half and one and a half times the quantiles.
            var (low, high) = (0.5, 1.5)
            for _ in 0..<12 {
                let middle = (low + high) / 2
                if coverage(middle) < BandCalibration.target { low = middle } else { high = middle }
            }
            let target = BandCalibration.target
            return abs(coverage(low) - target) < abs(coverage(high) - target) ? low : high
        }
        let horizonFactors = byHorizon.mapValues(factor)
        let timeFactors = byTime.filter { $0.value.count >= ConformalBands.minimumSamples }.mapValues(factor)
        var widened = bands
        for index in widened.bands.indices {
            let key = widened.bands[index].key
            let scale =
                timeFactors[ConformalBands.Key(minutes: key.minutes, kind: 0, block: key.block)]
                ?? horizonFactors[key.minutes] ?? 1
            widened.bands[index].low *= scale
            widened.bands[index].high *= scale
        }
        return widened
    }

    /// About how many rows a model is fitted on at most: a longer history's training starts are spaced further
    /// apart (every 30 minutes rather than 15, then 45, ...), as its error stops falling with more trees later than
    /// a short one's and the training's time would grow with both.
    public var rowBudget = 300_000

    /// The spacing of the training starts before `cutoff`: ``startSpacing``, times as many as the rows at that
    /// spacing are row budgets (started).
    func spacing(_ series: [HistorySeries], before cutoff: Int) -> Int {
        let rows = series.reduce(0) { $0 + spacedStarts($1, in: Int.min..<cutoff).count } * horizons.count
        return startSpacing * max(1, (rows + rowBudget - 1) / rowBudget)
    }

    /// A lot's reading buckets in `range`, at least `spacing` (``startSpacing`` unless given) buckets apart: where
    /// training rows and the replayed forecasts start.
    func spacedStarts(_ lot: HistorySeries, in range: Range<Int>, spacing: Int? = nil) -> [Int] {
        let spacing = spacing ?? startSpacing
        var last = Int.min / 2
        return lot.readingBuckets.filter { start in
            guard range.contains(start), start >= last + spacing else { return false }
            last = start
            return true
        }
    }

    /// Training rows: starts in `starts` (`spacing` apart, ``startSpacing`` unless given), targets before `limit`,
    /// values before `limit` only.
    func rows(_ series: [HistorySeries], starts: Range<Int>, before limit: Int, spacing: Int? = nil) -> (
        matrix: FeatureMatrix, keys: [RowKey]
    ) {
        var matrix = FeatureMatrix(columns: ForecastFeatures.names.count)
        var keys: [RowKey] = []
        // Weighted by capacity (the error is in spaces), scaled so that weights average about 1.
        let meanCapacity = Double(series.map { max($0.lot.capacity, 1) }.reduce(0, +)) / Double(max(series.count, 1))
        for (index, lot) in series.enumerated() {
            let value = { (bucket: Int) -> Double? in bucket < limit ? lot.value(bucket).map(Double.init) : nil }
            for start in spacedStarts(lot, in: starts.clamped(to: Int.min..<limit), spacing: spacing) {
                guard let now = value(start) else { continue }
                for minutes in horizons {
                    guard let actual = value(start + minutes / 5),
                        let row = ForecastFeatures.row(
                            start: start, minutes: minutes, capacity: lot.lot.capacity, calendar: calendar,
                            value: value)
                    else { continue }
                    let capacity = Double(max(lot.lot.capacity, 1))
                    matrix.append(
                        row, label: Float((actual - now) / capacity) - ForecastFeatures.base(row),
                        weight: Float(capacity / meanCapacity))
                    keys.append(
                        RowKey(
                            lot: index, start: start, minutes: minutes, band: ForecastFeatures.bandKey(row),
                            base: ForecastFeatures.base(row)))
                }
            }
        }
        return (matrix, keys)
    }
}
