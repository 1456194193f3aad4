import Foundation
import Models

extension ForecastTraining {
    /// The served model's band widths after the days it served: its forecasts are made again, as it made them, from
    /// every third reading since it was trained, and each whole local day before `cutoff`'s whose targets were not
    /// recorded yet is recorded (``BandCalibration/record(_:through:calendar:)``, the backtest's own step). The
    /// result goes with the next model (``train(_:before:now:calibration:)``).
    public func recalibrated(_ previous: LearnedForecast, series: [HistorySeries], before cutoff: Int) async throws
        -> BandCalibration
    {
        var calibration = previous.calibration
        let lastDay = calendar.dayNumber(ofBucket: cutoff) - 1
        // Its own forecasts only: from its training on (earlier ones were another model's, or in its training).
        let first = TimeSlot.index(of: previous.stored.trainedAt)
        var forecaster = Forecaster()
        forecaster.calendar = calendar
        forecaster.horizons = horizons
        let starts = series.map { spacedStarts($0, in: first..<max(first, cutoff)) }
        let served = try await forecaster.served(series, starts: starts, learned: previous)
        _ = calibration.record(served, through: lastDay, calendar: calendar)
        return calibration
    }
}

extension ForecastTraining {
    /// The server's daily step: the served model's widths recorded for the days it served (when there is one), then
    /// a new model trained with them.
    public func retrain(after previous: LearnedForecast?, series: [HistorySeries], before cutoff: Int, now: Date)
        async throws -> LearnedForecast?
    {
        let calibration =
            if let previous { try await recalibrated(previous, series: series, before: cutoff) } else {
                BandCalibration()
            }
        return try await offThePool { try train(series, before: cutoff, now: now, calibration: calibration) }
    }
}
