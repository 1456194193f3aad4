import Foundation
import Models
import ServerSources

/// What else the forecaster should know about the coming hours.
public struct ForecastContext: Sendable {
    /// Events at the park that fill lots, by start time.
    public var events: [ParkEvent] = []
    /// Whether it is raining or snowing now.
    public var wet = false

    public init(events: [ParkEvent] = [], wet: Bool = false) {
        self.events = events
        self.wet = wet
    }
}

/// Parking forecasts from history: p10/p50/p90 of free spaces 30 minutes to 3 hours ahead.
///
/// The median is the latest value moved by how the lot usually changes between now and then (the mean change on
/// recent days of the target's kind), with today's difference from those days fading as the horizon grows. The band
/// is the spread of that same rule's errors on those days, left out one at a time. Scored by `Backtest`.
public struct Forecaster: Sendable {
    /// Minutes ahead of each point.
    public var horizons = [30, 60, 90, 120, 150, 180]
    /// How many past days of the target's kind form the baseline.
    public var baselineDays = 6
    /// How far back those days are looked for.
    public var lookbackDays = 35
    /// Minutes over which today's difference from the baseline fades (e-folding).
    public var anomalyFade = 300.0
    /// Widens the band for estimating the spread from a handful of days.
    public var spreadInflation = 1.045
    /// The local days of the lots' history.
    public var calendar = ForecastCalendar.seoul
    /// z for the 10th/90th percentiles of a normal distribution.
    static let z90 = 1.2816

    public init() {}

    /// One past day's values at the forecast's start and at its target: smoothed (±5 min) and as recorded.
    private struct PastDay {
        var start: Double
        var target: Double
        var rawStart: Double
        var rawTarget: Double
    }

    /// The forecast of one lot made at `now`, reading only history up to `now`; by `learned` when there is a model,
    /// else by the rule.
    public func forecast(
        lot: ParkingLot, history: any HistoryStore, now: Date, context: ForecastContext = ForecastContext(),
        learned: LearnedForecast? = nil
    ) async throws -> ParkingForecast {
        let nowBucket = TimeSlot.index(of: now)
        let recent = try await history.values(lot: lot.id, buckets: Array((nowBucket - 12)...nowBucket))
        guard let latestBucket = recent.keys.max(), nowBucket - latestBucket <= 6, let latest = recent[latestBucket]
        else {
            // A closed lot has no live count because it is closed: say so (its opening has a forecast of its own).
            if !lot.hours.isOpen(atMinuteOfDay: SeoulTime(now).minuteOfDay) {
                return ParkingForecast(lotId: lot.id, points: [], gap: .known(.closed))
            }
            let anything = try await history.latestBucket(lot: lot.id) != nil
            return ParkingForecast(lotId: lot.id, points: [], gap: .known(anything ? .noLiveCount : .noHistory))
        }
        let earlier = recent[latestBucket - 6] ?? recent[latestBucket - 5] ?? recent[latestBucket - 7]
        let capacity = Double(lot.capacity)
        let targets = horizons.map { latestBucket + $0 / 5 }
        var wanted: [Int] = []
        for day in 1...lookbackDays {
            for bucket in [latestBucket] + targets {
                wanted += [
                    bucket - day * TimeSlot.perDay - 1, bucket - day * TimeSlot.perDay,
                    bucket - day * TimeSlot.perDay + 1,
                ]
            }
        }
        wanted += [latestBucket - 3, latestBucket - 6, latestBucket - 12]
        let past = try await history.values(lot: lot.id, buckets: wanted)
        let changes = learned.flatMap { learned in
            self.learnedChanges(learned, lot: lot, start: latestBucket) { bucket in
                bucket == latestBucket ? Double(latest) : (past[bucket] ?? recent[bucket]).map(Double.init)
            }
        }
        func smoothed(_ bucket: Int) -> Double? {
            let values = [bucket - 1, bucket, bucket + 1].compactMap { past[$0] }
            return values.isEmpty ? nil : Double(values.reduce(0, +)) / Double(values.count)
        }
        func pastDays(target: Int) -> [PastDay] {
            let kind = calendar.kind(ofBucket: target)
            var days: [PastDay] = []
            for day in 1...lookbackDays where calendar.kind(ofBucket: target - day * TimeSlot.perDay) == kind {
                guard let start = smoothed(latestBucket - day * TimeSlot.perDay),
                    let end = smoothed(target - day * TimeSlot.perDay)
                else {
                    continue
                }
                days.append(
                    PastDay(
                        start: start, target: end,
                        rawStart: past[latestBucket - day * TimeSlot.perDay].map(Double.init) ?? start,
                        rawTarget: past[target - day * TimeSlot.perDay].map(Double.init) ?? end))
                if days.count == baselineDays { break }
            }
            return days
        }

        var points: [ForecastPoint] = []
        for (minutes, target) in zip(horizons, targets) {
            let at = TimeSlot.start(of: target)
            let time = SeoulTime(at)
            guard lot.hours.isOpen(atMinuteOfDay: time.minuteOfDay) else { continue }
            let days = pastDays(target: target)
            let h = Double(minutes)
            var p50: Double
            var sigma: Double
            // Distances from p50 down to p10 and up to p90.
            var below: Double
            var above: Double
            var reasons: [OpenEnum<ForecastReason>] = []
            if let change = changes?[minutes] {
                p50 = Double(latest) + change.p50 * capacity
                below = max(-change.low * capacity, 0.5)
                above = max(change.high * capacity, 0.5)
                sigma = (below + above) / (2 * Self.z90)
                if exp(-h / anomalyFade) > 0.5 { reasons.append(.known(.latestValue)) }
                reasons.append(.known(calendar.kind(ofBucket: target) == .working ? .weekdayBaseline : .holidayPattern))
            } else if days.count >= 2 {
                let fade = exp(-h / anomalyFade)
                let n = Double(days.count)
                let startSum = days.map(\.start).reduce(0, +)
                let targetSum = days.map(\.target).reduce(0, +)
                p50 = targetSum / n + fade * (Double(latest) - startSum / n)
                // Each day predicted from the others by the same rule.
                let squares = days.map { day -> Double in
                    let start = (startSum - day.start) / (n - 1)
                    let end = (targetSum - day.target) / (n - 1)
                    let error = day.rawTarget - (end + fade * (day.rawStart - start))
                    return error * error
                }
                sigma = max(max((squares.reduce(0, +) / n).squareRoot() * spreadInflation, 0.01 * capacity), 1)
                below = Self.z90 * sigma
                above = below
                if fade > 0.5 { reasons.append(.known(.latestValue)) }
                reasons.append(.known(calendar.kind(ofBucket: target) == .working ? .weekdayBaseline : .holidayPattern))
            } else {
                p50 = Double(latest)
                sigma = max(0.06 * capacity * (h / 30).squareRoot(), 1)
                below = Self.z90 * sigma
                above = below
                reasons.append(.known(.latestValue))
                reasons.append(.known(.sparseHistory))
            }
            if let earlier, abs(latest - earlier) >= max(2, Int(0.02 * capacity)) {
                reasons.append(.known(.recentTrend))
            }
            if context.events.contains(where: { abs($0.startsAt.timeIntervalSince(at)) < 3 * 3600 && $0.affectsParking }
            ) {
                p50 -= 0.15 * capacity
                sigma *= 1.3
                below *= 1.3
                above *= 1.3
                reasons.append(.known(.event))
            }
            if context.wet { reasons.append(.known(.weather)) }
            if !lot.hours.isOpen(atMinuteOfDay: (time.minuteOfDay + 60) % 1440) { reasons.append(.known(.closingSoon)) }
            let served = Self.interval(p50: p50, below: below, above: above, capacity: capacity)
            // The learned model's risk as it turned out on the days it served (the same hundredths it learned from).
            let normal = (Self.normalCDF((0.5 - min(capacity, max(0, p50))) / sigma) * 100).rounded() / 100
            let risk =
                changes == nil ? normal : learned?.calibration.risk.calibrated(normal, minutes: minutes) ?? normal
            let confidence: ForecastConfidence =
                changes == nil && days.count < 2 ? .low : h <= 60 ? .high : h <= 120 ? .medium : .low
            points.append(
                ForecastPoint(
                    at: at, minutesAhead: minutes, p10: served.p10, p50: served.p50, p90: served.p90,
                    riskOfNoSpace: (risk * 100).rounded() / 100, confidence: .known(confidence), reasons: reasons))
        }
        return ParkingForecast(
            lotId: lot.id, points: points, gap: points.isEmpty ? .known(.closed) : nil,
            basis: points.isEmpty ? nil : .known(changes == nil ? .rule : .learned))
    }

    /// The learned model's change and band per horizon (shares of capacity), nil when it cannot predict.
    private func learnedChanges(
        _ learned: LearnedForecast, lot: ParkingLot, start: Int, value: (Int) -> Double?
    ) -> [Int: (p50: Double, low: Double, high: Double)]? {
        var matrix = FeatureMatrix(columns: ForecastFeatures.names.count)
        var rows: [(band: ConformalBands.Key, base: Float)] = []
        for minutes in horizons {
            guard
                let row = ForecastFeatures.row(
                    start: start, minutes: minutes, capacity: lot.capacity, calendar: calendar, value: value)
            else { continue }
            matrix.append(row)
            rows.append((ForecastFeatures.bandKey(row), ForecastFeatures.base(row)))
        }
        guard let predicted = try? learned.model.predict(matrix), predicted.count == rows.count,
            let spreads = try? learned.spread.predict(matrix), spreads.count == rows.count,
            let lows = try? learned.quantiles.low.predict(matrix), lows.count == rows.count,
            let highs = try? learned.quantiles.high.predict(matrix), highs.count == rows.count
        else { return nil }
        var out: [Int: (p50: Double, low: Double, high: Double)] = [:]
        for (index, row) in rows.enumerated() {
            guard let band = learned.bands.band(row.band) else { return nil }
            let unit = ForecastTraining.unit(spreads[index])
            // The quantile models' edges as distances from the p50 (an edge on the wrong side of it: none).
            let quantiles = (Double(lows[index] - predicted[index]), Double(highs[index] - predicted[index]))
            let offsets = learned.calibration.offsets(
                (band.low * unit, band.high * unit), quantiles: quantiles, key: row.band)
            out[row.band.minutes] = (Double(row.base + predicted[index]), offsets.low, offsets.high)
        }
        return out
    }

    /// A point's spaces as served: p50 within the lot, p10 and p90 `below` and `above` it within the lot, all
    /// rounded to whole spaces. The learned bands are calibrated through this same rounding.
    static func interval(p50: Double, below: Double, above: Double, capacity: Double) -> (p10: Int, p50: Int, p90: Int)
    {
        let middle = min(capacity, max(0, p50))
        return (
            Int(min(capacity, max(0, middle - below)).rounded()), Int(middle.rounded()),
            Int(min(capacity, max(0, middle + above)).rounded())
        )
    }

    /// The park total from its lots' forecasts (lots move together, so bands add up).
    public func parkTotal(_ lots: [ParkingForecast]) -> ParkingForecast {
        let usable = lots.filter { !$0.points.isEmpty }
        guard !usable.isEmpty else {
            return ParkingForecast(lotId: nil, points: [], gap: lots.first?.gap ?? .known(.noHistory))
        }
        let points = horizons.compactMap { minutes in
            sum(usable.compactMap { $0.points.first { $0.minutesAhead == minutes } })
        }
        let learned = usable.allSatisfy { $0.basis == .known(.learned) }
        return ParkingForecast(lotId: nil, points: points, basis: .known(learned ? .learned : .rule))
    }

    /// Lots' points for one time added up (lots move together, so bands add up): the worst confidence, every reason
    /// once, the risk that all of them are full. Nil for no points.
    func sum(_ matching: [ForecastPoint]) -> ForecastPoint? {
        guard let first = matching.first else { return nil }
        let risk = matching.map(\.riskOfNoSpace).reduce(1, *)
        let worst = matching.map { $0.confidence.known ?? .low }.max { rank($0) < rank($1) } ?? .low
        var reasons: [OpenEnum<ForecastReason>] = []
        for reason in matching.flatMap(\.reasons) where !reasons.contains(reason) { reasons.append(reason) }
        return ForecastPoint(
            at: first.at, minutesAhead: first.minutesAhead, p10: matching.map(\.p10).reduce(0, +),
            p50: matching.map(\.p50).reduce(0, +),
            p90: matching.map(\.p90).reduce(0, +), riskOfNoSpace: (risk * 100).rounded() / 100,
            confidence: .known(worst), reasons: reasons)
    }

    private func rank(_ c: ForecastConfidence) -> Int {
        switch c {
        case .high: 0
        case .medium: 1
        case .low: 2
        }
    }

    static func normalCDF(_ x: Double) -> Double { 0.5 * erfc(-x / 2.0.squareRoot()) }
}
