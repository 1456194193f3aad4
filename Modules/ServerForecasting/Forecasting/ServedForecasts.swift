import Foundation
import Models

/// One forecast point made from history as it was at its start, and what then happened.
public struct ServedForecast: Sendable {
    /// The lot's index in the series forecast.
    public var lot: Int
    public var start: Int
    public var minutes: Int
    /// The bucket forecast.
    public var target: Int
    public var actual: Int
    public var p10: Int
    public var p50: Int
    public var p90: Int
    /// The forecast's probability (0...1) of no free space, as served.
    public var risk: Double
    /// The same before ``RiskCalibration`` (the normal distribution's): what the calibration learns from.
    public var rawRisk: Double

    public var inside: Bool { actual >= p10 && actual <= p90 }
}

extension Forecaster {
    /// The forecasts from each lot's `starts` (one array per series), each made with only what was known at its
    /// start and `learned` as it is, with every point whose target has a value. Lots are forecast side by side.
    public func served(_ series: [HistorySeries], starts: [[Int]], learned: LearnedForecast?) async throws
        -> [ServedForecast]
    {
        let byLot = Dictionary(series.map { ($0.lot.id, $0) }, uniquingKeysWith: { a, _ in a })
        // Made without the risk's calibration, which is then applied as the forecaster applies it: both risks kept.
        let uncalibrated = learned.map { learned in
            var copy = learned
            copy.calibration.risk = RiskCalibration()
            return copy
        }
        let risks = learned?.calibration.risk ?? RiskCalibration()
        return try await withThrowingTaskGroup(of: [ServedForecast].self) { group in
            for (index, (lot, lotStarts)) in zip(series, starts).enumerated() where !lotStarts.isEmpty {
                group.addTask {
                    var served: [ServedForecast] = []
                    for start in lotStarts where lot.value(start) != nil {
                        await Task.yield()  // long CPU-bound work: let other tasks on the shared pool run
                        let forecast = try await self.forecast(
                            lot: lot.lot, history: SeriesHistory(series: byLot, asOf: start),
                            now: TimeSlot.start(of: start), learned: uncalibrated)
                        let learnedRisk = forecast.basis == .known(.learned)
                        for point in forecast.points {
                            let target = TimeSlot.index(of: point.at)
                            guard let actual = lot.value(target) else { continue }
                            served.append(
                                ServedForecast(
                                    lot: index, start: start, minutes: point.minutesAhead,
                                    target: target,
                                    actual: actual, p10: point.p10, p50: point.p50, p90: point.p90,
                                    risk: learnedRisk
                                        ? risks.calibrated(point.riskOfNoSpace, minutes: point.minutesAhead)
                                        : point.riskOfNoSpace,
                                    rawRisk: point.riskOfNoSpace))
                        }
                    }
                    return served
                }
            }
            var all: [ServedForecast] = []
            for try await part in group { all += part }
            return all
        }
    }
}

extension BandCalibration {
    /// Records, day by day in order, the days of `served`'s targets up to `lastDay` (a local day number) that are
    /// not recorded yet, and returns the forecasts whose target is on a later day (kept for when it is complete).
    public mutating func record(_ served: [ServedForecast], through lastDay: Int, calendar: ForecastCalendar)
        -> [ServedForecast]
    {
        var days: [Int: Day] = [:]
        var later: [ServedForecast] = []
        for forecast in served {
            let day = calendar.dayNumber(ofBucket: forecast.target)
            guard day <= lastDay else {
                later.append(forecast)
                continue
            }
            let kind = ForecastFeatures.kindCode(calendar.kind(ofBucket: forecast.target))
            days[day, default: Day(day: day, kind: kind)].add(minutes: forecast.minutes, inside: forecast.inside)
            days[day]?.risks.add(minutes: forecast.minutes, risk: forecast.rawRisk, full: forecast.actual <= 0)
        }
        for day in days.keys.sorted() { record(days[day]!) }
        return later
    }
}
