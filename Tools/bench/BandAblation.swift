import Foundation
import Models
import ServerForecasting
import ServerLearning

/// `backtest --ablation`: the band as served, each of its mechanisms taken away in turn, and the smallest
/// candidates, on the simulated history and the recordings, with the same seeds. The p50 is the same in every
/// variant (the band's parts do not touch the model); coverage, the lowest day kind's, and the interval score move.
struct BandAblation {
    var days: Int
    var history: [String]

    typealias Parts = BandCalibration.BandParts
    static let variants: [(name: String, parts: Parts)] = [
        ("full", .all),
        ("without conformal", [.quantiles, .calibration]),
        ("without quantile trees", [.conformal, .calibration]),
        ("without calibration", [.conformal, .quantiles]),
    ]

    func run() async throws {
        let trainer = ForecastTrainer.xgboost()
        print(
            Self.pad("variant", 30) + Self.pad("history", 27)
                + "horizon  MAE p50  coverage  lowest kind  interval score")
        for (name, parts) in Self.variants {
            var outcomes: [(String, Backtest.Outcome)] = [
                (
                    "simulated",
                    try await Backtest.simulated(
                        catalog: .bundled, days: days, end: try BacktestBench.end(), trainer: trainer, bandParts: parts)
                )
            ]
            for path in history {
                let recorded = try RecordedHistory.read(path: path, catalog: .bundled)
                outcomes.append(
                    (
                        BacktestBench.fileName(path),
                        try await Backtest.score(recorded, trainer: trainer, bandParts: parts)
                    ))
            }
            for (history, outcome) in outcomes {
                for row in outcome.rows {
                    print(
                        Self.pad(name, 30) + Self.pad(history, 27)
                            + String(
                                format: "%4d min  %7.2f  %7.1f%%  %10.1f%%  %14.1f", row.minutes, row.forecastMAE,
                                row.coverage * 100, (row.coverageByKind.values.min() ?? 0) * 100, row.intervalScore))
                }
            }
        }
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(1, width - text.count))
    }
}
