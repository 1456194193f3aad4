import Foundation
import Models

/// Replays simulated history and scores the forecaster against a persistence forecast (tomorrow is like now).
public struct Backtest: Sendable {
    /// One horizon's scores.
    public struct Row: Sendable {
        public var minutes: Int
        public var samples: Int
        public var forecastMAE: Double
        public var persistenceMAE: Double
        /// Share of actual values inside p10...p90.
        public var coverage: Double
    }

    public let catalog: Catalog
    public var forecaster = Forecaster()

    public init(catalog: Catalog) {
        self.catalog = catalog
    }

    /// Scores `days` days ending at `end`, forecasting every `stepMinutes` from 07:00 to 20:00 Seoul time.
    public func run(days: Int, end: Date, stepMinutes: Int = 60) async throws -> [Row] {
        let model = SimulationModel(catalog: catalog)
        let history = MemoryHistoryStore(days: days + 32)
        let endBucket = SimulationModel.bucket(end)
        let startBucket = endBucket - (days + 29) * 288
        for lot in catalog.lots {
            var readings: [LotReading] = []
            readings.reserveCapacity(endBucket - startBucket)
            for bucket in startBucket...endBucket {
                let at = SimulationModel.date(ofBucket: bucket)
                readings.append(LotReading(lotId: lot.id, available: model.available(lot: lot, at: at), observedAt: at))
            }
            try await history.record(readings)
        }
        var errors: [Int: (n: Int, f: Double, p: Double, inside: Int)] = [:]
        let firstDay = SeoulTime(end).dayNumber - days
        for day in firstDay..<(firstDay + days) {
            for minute in stride(from: 7 * 60, through: 20 * 60, by: stepMinutes) {
                let start = Date(timeIntervalSince1970: Double(day * 86_400 + minute * 60 - 9 * 3600))
                for lot in catalog.lots {
                    guard let now = model.available(lot: lot, at: start) else { continue }
                    let forecast = try await forecaster.forecast(lot: lot, history: history, now: start)
                    for point in forecast.points {
                        guard let actual = model.available(lot: lot, at: point.at) else { continue }
                        var e = errors[point.minutesAhead] ?? (0, 0, 0, 0)
                        e.n += 1
                        e.f += Double(abs(point.p50 - actual))
                        e.p += Double(abs(now - actual))
                        if actual >= point.p10 && actual <= point.p90 { e.inside += 1 }
                        errors[point.minutesAhead] = e
                    }
                }
            }
        }
        return errors.keys.sorted().map { minutes in
            let e = errors[minutes]!
            return Row(
                minutes: minutes, samples: e.n, forecastMAE: e.f / Double(e.n), persistenceMAE: e.p / Double(e.n),
                coverage: Double(e.inside) / Double(e.n))
        }
    }

    /// The table printed by `hangangjari-server backtest`.
    public static func render(_ rows: [Row]) -> String {
        var lines = ["horizon  samples  MAE p50  MAE persistence  ratio  p10..p90 coverage"]
        for row in rows {
            lines.append(String(
                format: "%4d min  %7d  %7.2f  %15.2f  %5.2f  %5.1f%%", row.minutes, row.samples, row.forecastMAE,
                row.persistenceMAE, row.forecastMAE / max(row.persistenceMAE, 0.0001), row.coverage * 100))
        }
        return lines.joined(separator: "\n")
    }
}
