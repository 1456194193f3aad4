import ArgumentParser
import Foundation
import Models
import ReferenceServer
import ServerForecasting
import ServerLearning

/// The child a serving instance trains its forecast model in (`ChildTraining`): the model in use and the readings on
/// standard input, the stored model on standard output, nothing when the history is too short.
struct TrainForecastCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: ChildTraining.subcommand, abstract: "Train the forecast model on readings from stdin.",
        shouldDisplay: false)

    @Option(help: "The first bucket not trained on.") var cutoff: Int
    @Option(help: "The training's time, seconds since 1970.") var now: Int64

    func run() async throws {
        ChildTraining.endWhenOrphaned()
        let input = try TrainingWire.decode(FileHandle.standardInput.readDataToEndOfFile())
        let forecaster = Forecaster()
        let trainer = ForecastTrainer.xgboost()
        let training = ForecastTraining(trainer: trainer, calendar: forecaster.calendar, horizons: forecaster.horizons)
        let previous = try input.previous.map { try LearnedForecast(.decoded($0), trainer: trainer) }
        let series = HistorySeries.series(from: input.readings, catalog: .bundled)
        guard
            let trained = try await training.retrain(
                after: previous, series: series, before: cutoff, now: Date(timeIntervalSince1970: Double(now)))
        else { return }
        FileHandle.standardOutput.write(try trained.stored.encoded())
    }
}
