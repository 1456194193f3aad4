import ArgumentParser
import Foundation
import Models
import ReferenceServer

@main
struct ServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hangangjari-server",
        abstract: "The reference Hangangjari /v2 backend (simulated data by default, Seoul open data with a key).",
        subcommands: [BacktestCommand.self])
}

struct BacktestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backtest", abstract: "Replay simulated history and score forecasts against persistence.")

    @Option(help: "Days to score.") var days = 7
    @Option(help: "Minutes between forecast starts.") var step = 60

    func run() async throws {
        let rows = try await Backtest(catalog: .bundled).run(days: days, end: Date(), stepMinutes: step)
        print(Backtest.render(rows))
    }
}
