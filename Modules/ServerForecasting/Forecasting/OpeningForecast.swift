import Foundation
import Models
import ServerSources

extension Forecaster {
    /// While the lot is closed at `now`, or closes before the forecast's horizon ends (the last hours of the
    /// evening): the usual free spaces in the first ten minutes after it opens next, from past days of the same kind
    /// (working day or rest day) as the opening day. Nil while it stays open for the whole horizon, when its hours
    /// are unknown, or with fewer than two such days in the history.
    public func openingPoint(lot: ParkingLot, history: any HistoryStore, now: Date) async throws -> ForecastPoint? {
        guard closesWithinHorizon(lot.hours, now: now), let opensAt = lot.hours.nextOpening(after: now) else {
            return nil
        }
        let target = TimeSlot.index(of: opensAt)
        let kind = calendar.kind(ofBucket: target)
        let days = (1...lookbackDays).filter { calendar.kind(ofBucket: target - $0 * TimeSlot.perDay) == kind }
        let past = try await history.values(
            lot: lot.id, buckets: days.flatMap { day in (0...2).map { target - day * TimeSlot.perDay + $0 } })
        var values: [Double] = []
        for day in days {
            let seen = (0...2).compactMap { past[target - day * TimeSlot.perDay + $0] }
            if !seen.isEmpty { values.append(Double(seen.reduce(0, +)) / Double(seen.count)) }
            if values.count == baselineDays { break }
        }
        guard values.count >= 2 else { return nil }
        let n = Double(values.count)
        let mean = values.reduce(0, +) / n
        let spread = (values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / (n - 1)).squareRoot()
        let capacity = Double(lot.capacity)
        let sigma = max(spread * spreadInflation, 0.01 * capacity, 1)
        let p50 = min(capacity, max(0, mean))
        let risk = Self.normalCDF((0.5 - p50) / sigma)
        return ForecastPoint(
            at: opensAt, minutesAhead: max(0, Int(opensAt.timeIntervalSince(now) / 60)),
            p10: Int(min(capacity, max(0, p50 - Self.z90 * sigma)).rounded()), p50: Int(p50.rounded()),
            p90: Int(min(capacity, max(0, p50 + Self.z90 * sigma)).rounded()),
            riskOfNoSpace: (risk * 100).rounded() / 100,
            confidence: .known(values.count >= 4 ? .medium : .low),
            reasons: [.known(kind == .working ? .weekdayBaseline : .holidayPattern)])
    }

    /// Whether the lot is closed at `now` or at any five minutes until the longest horizon.
    func closesWithinHorizon(_ hours: OpeningHours, now: Date) -> Bool {
        let minute = SeoulTime(now).minuteOfDay
        return stride(from: 0, through: horizons.max() ?? 180, by: 5).contains {
            !hours.isOpen(atMinuteOfDay: (minute + $0) % 1440)
        }
    }

    /// The park's opening forecast: the lots that open first, added up as the park total adds them.
    public func parkOpening(_ lots: [ParkingForecast]) -> ForecastPoint? {
        let openings = lots.compactMap(\.opening)
        guard let first = openings.map(\.at).min() else { return nil }
        return sum(openings.filter { $0.at == first })
    }
}
