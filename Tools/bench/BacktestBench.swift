import AppCore
import ArgumentParser
import BenchmarkSupport
import Foundation
import Models
import ServerForecasting
import Storage

struct BacktestBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backtest", abstract: "The forecast backtest tables: simulated history and a recorded CSV.")
    @Option(help: "Simulated days to score.") var days = 14
    @Option(help: "A recorded history CSV (run from the repository root).") var history =
        "Tests/Fixtures/recorded/city-car-parks.csv"

    func run() async throws {
        print("simulated history, \(days) days, starts every 30 min 07:00-20:00 Seoul time")
        print(Backtest.render(try await Backtest.simulated(catalog: .bundled, days: days, end: try Self.end())))
        let recorded = try RecordedHistory.read(path: history, catalog: .bundled)
        print("\nrecorded history \(history)")
        print(recorded.report.render())
        print(Backtest.render(try await Backtest.score(recorded)))
    }

    /// Now, or HANGANGJARI_CLOCK's instant: the simulated table depends on the date.
    static func end() throws -> Date { try WallClock.from(environment: ProcessInfo.processInfo.environment).now() }

    /// The backtests as benchmark rows: forecast error against persistence per horizon.
    func rows() async throws -> [BenchmarkRow] {
        let simulated = try await Backtest.simulated(catalog: .bundled, days: days, end: try Self.end())
        let recorded = try await Backtest.score(try RecordedHistory.read(path: history, catalog: .bundled))
        return [("simulated", simulated), ("recorded", recorded)].flatMap { name, rows in
            rows.map { row in
                BenchmarkRow(
                    figure: "\(name) forecast MAE at \(row.minutes) min (\(row.samples) samples)",
                    value: String(format: "%.1f", row.forecastMAE),
                    reference: String(format: "persistence %.1f", row.persistenceMAE),
                    ratio: String(format: "%.2f", row.ratioToPersistence),
                    goal: String(format: "< 1 from 30 min; p10-p90 coverage %.0f%% (75-85)", row.coverage * 100))
            }
        }
    }
}
