import Foundation
import Models

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

/// Parking forecasts from history: p10/p50/p90 of free spaces 30 minutes to 3 hours ahead, blending the latest
/// value, the recent movement and the usual value for the same kind of day and time. The weight moves to the
/// baseline as the horizon grows.
public struct Forecaster: Sendable {
    /// Minutes ahead of each point.
    public var horizons = [30, 60, 90, 120, 150, 180]
    /// How many past same-kind days form the baseline.
    public var baselineDays = 4
    /// z for the 10th/90th percentiles of a normal distribution.
    static let z90 = 1.2816

    public init() {}

    /// The forecast of one lot made at `now`, reading only history up to `now`.
    public func forecast(lot: ParkingLot, history: any HistoryStore, now: Date, context: ForecastContext = ForecastContext()) async throws -> ParkingForecast {
        let nowBucket = SimulationModel.bucket(now)
        let recent = try await history.values(lot: lot.id, buckets: Array((nowBucket - 12)...nowBucket))
        guard let latestBucket = recent.keys.max(), nowBucket - latestBucket <= 6, let latest = recent[latestBucket] else {
            let anything = try await history.latestBucket(lot: lot.id) != nil
            return ParkingForecast(lotId: lot.id, points: [], gap: .known(anything ? .noLiveCount : .noHistory))
        }
        let earlier = recent[latestBucket - 6] ?? recent[latestBucket - 5] ?? recent[latestBucket - 7]
        let slopePerBucket = earlier.map { Double(latest - $0) / 6 } ?? 0
        let capacity = Double(lot.capacity)

        // Baseline days: the most recent past days of the same kind (rest day or working day) as the target.
        let targetBuckets = horizons.map { latestBucket + $0 / 5 }
        var wanted: [Int] = []
        let dayKinds = (1...28).map { d in (d, SeoulTime(SimulationModel.date(ofBucket: latestBucket - d * 288)).isRestDay) }
        for target in [latestBucket] + targetBuckets {
            let restTarget = SeoulTime(SimulationModel.date(ofBucket: target)).isRestDay
            for (d, rest) in dayKinds.filter({ $0.1 == restTarget }).prefix(baselineDays) {
                _ = rest
                wanted.append(contentsOf: [target - d * 288 - 1, target - d * 288, target - d * 288 + 1])
            }
        }
        let past = try await history.values(lot: lot.id, buckets: wanted)
        func baseline(at target: Int) -> [Double] {
            let restTarget = SeoulTime(SimulationModel.date(ofBucket: target)).isRestDay
            return dayKinds.filter { $0.1 == restTarget }.prefix(baselineDays).compactMap { (d, _) -> Double? in
                let values = [-1, 0, 1].compactMap { past[target - d * 288 + $0] }
                return values.isEmpty ? nil : Double(values.reduce(0, +)) / Double(values.count)
            }
        }
        let baseNow = baseline(at: latestBucket)
        let anomaly = baseNow.isEmpty ? 0 : Double(latest) - baseNow.reduce(0, +) / Double(baseNow.count)

        var points: [ForecastPoint] = []
        for (minutes, target) in zip(horizons, targetBuckets) {
            let at = SimulationModel.date(ofBucket: target)
            let time = SeoulTime(at)
            guard lot.hours.isOpen(atMinuteOfDay: time.minuteOfDay) else { continue }
            let samples = baseline(at: target)
            let h = Double(minutes)
            let w = exp(-h / 100)
            let trend = slopePerBucket * min(h / 5, 6) * exp(-h / 40)
            var p50: Double
            var sigma: Double
            var reasons: [OpenEnum<ForecastReason>] = []
            if samples.count >= 2 {
                let mean = samples.reduce(0, +) / Double(samples.count)
                let spread = (samples.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(samples.count - 1)).squareRoot()
                p50 = mean + w * anomaly + trend
                let persistence = 0.057 * capacity * pow(h / 30, 0.2)
                let baselineSpread = max(spread * 0.8, 0.026 * capacity)
                sigma = (w * w * persistence * persistence + (1 - w * w) * baselineSpread * baselineSpread).squareRoot()
                if w > 0.5 { reasons.append(.known(.latestValue)) }
                reasons.append(.known(time.isRestDay ? .holidayPattern : .weekdayBaseline))
            } else {
                p50 = Double(latest) + trend
                sigma = 0.06 * capacity * (h / 30).squareRoot()
                reasons.append(.known(.latestValue))
                reasons.append(.known(.sparseHistory))
            }
            if abs(trend) >= max(2, 0.02 * capacity) { reasons.append(.known(.recentTrend)) }
            if context.events.contains(where: { abs($0.startsAt.timeIntervalSince(at)) < 3 * 3600 && $0.affectsParking }) {
                p50 -= 0.15 * capacity
                sigma *= 1.3
                reasons.append(.known(.event))
            }
            if context.wet { reasons.append(.known(.weather)) }
            if !lot.hours.isOpen(atMinuteOfDay: (time.minuteOfDay + 60) % 1440) { reasons.append(.known(.closingSoon)) }
            p50 = min(capacity, max(0, p50))
            sigma = max(sigma, 1)
            let p10 = min(capacity, max(0, p50 - Self.z90 * sigma))
            let p90 = min(capacity, max(0, p50 + Self.z90 * sigma))
            let risk = Self.normalCDF((0.5 - p50) / sigma)
            let confidence: ForecastConfidence = samples.count < 2 ? .low : h <= 60 ? .high : h <= 120 ? .medium : .low
            points.append(ForecastPoint(
                at: at, minutesAhead: minutes, p10: Int(p10.rounded()), p50: Int(p50.rounded()), p90: Int(p90.rounded()),
                riskOfNoSpace: (risk * 100).rounded() / 100, confidence: .known(confidence), reasons: reasons))
        }
        return ParkingForecast(lotId: lot.id, points: points, gap: points.isEmpty ? .known(.closed) : nil)
    }

    /// The park total from its lots' forecasts (lots move together, so bands add up).
    public func parkTotal(_ lots: [ParkingForecast]) -> ParkingForecast {
        let usable = lots.filter { !$0.points.isEmpty }
        guard !usable.isEmpty else {
            return ParkingForecast(lotId: nil, points: [], gap: lots.first?.gap ?? .known(.noHistory))
        }
        let points = horizons.compactMap { minutes -> ForecastPoint? in
            let matching = usable.compactMap { $0.points.first { $0.minutesAhead == minutes } }
            guard let first = matching.first else { return nil }
            let risk = matching.map(\.riskOfNoSpace).reduce(1, *)
            let worst = matching.map { $0.confidence.known ?? .low }.max { rank($0) < rank($1) } ?? .low
            var reasons: [OpenEnum<ForecastReason>] = []
            for reason in matching.flatMap(\.reasons) where !reasons.contains(reason) { reasons.append(reason) }
            return ForecastPoint(
                at: first.at, minutesAhead: minutes, p10: matching.map(\.p10).reduce(0, +), p50: matching.map(\.p50).reduce(0, +),
                p90: matching.map(\.p90).reduce(0, +), riskOfNoSpace: (risk * 100).rounded() / 100,
                confidence: .known(worst), reasons: reasons)
        }
        return ParkingForecast(lotId: nil, points: points)
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
