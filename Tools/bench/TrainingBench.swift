import ArgumentParser
import Foundation
import Models
import ServerForecasting
import ServerLearning
import ServerSources

/// What the server's daily training costs: the learned forecast trained once on weeks of every lot's 5-minute
/// history (simulated), with its time, rows, model size and the process's peak memory before and after.
struct TrainingBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "training", abstract: "One training of the learned forecast on weeks of 30 lots' history.")
    @Option(help: "Weeks of history.") var weeks = 12

    func run() async throws {
        let catalog = Catalog.bundled
        let model = SimulationModel(catalog: catalog)
        let end = try BacktestBench.end()
        let last = SimulationModel.bucket(end)
        let first = last - weeks * 7 * 288
        let series = catalog.lots.map { HistorySeries.simulated($0, model: model, buckets: first..<last) }
        let before = Self.peakRSSMiB()
        let training = ForecastTraining(trainer: .xgboost(), calendar: .seoul)
        let started = ContinuousClock.now
        guard
            let previous = try training.train(
                series, before: last - 288, now: SimulationModel.date(ofBucket: last - 288))
        else {
            throw ValidationError("too little history to train")
        }
        let seconds = (ContinuousClock.now - started) / .seconds(1)
        let peak = Self.peakRSSMiB()
        // The server's daily step a day later: the served model's day replayed for the band widths, then a training.
        let replayStarted = ContinuousClock.now
        let calibration = try await training.recalibrated(previous, series: series, before: last)
        let replay = (ContinuousClock.now - replayStarted) / .seconds(1)
        guard let learned = try training.train(series, before: last, now: end, calibration: calibration) else {
            throw ValidationError("too little history to train")
        }
        print(
            String(
                format:
                    "%d lots, %d weeks: %d training rows, trained (twice: calibration and served) in %.1f s; model %.1f MB; peak RSS %.0f MiB before, %.0f MiB after; a day later the band widths' replay of the served model's day took %.1f s (peak RSS %.0f MiB after the second training)",
                series.count, weeks, learned.stored.samples, seconds,
                Double(try learned.stored.encoded().count) / 1_000_000, before, peak, replay, Self.peakRSSMiB()))
    }

    static func peakRSSMiB() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024
    }
}
