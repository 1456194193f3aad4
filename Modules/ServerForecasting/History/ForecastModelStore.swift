import Foundation
import Synchronization

/// Where the learned forecast is kept: beside the history it learned from (the same SQLite file, the same
/// PostgreSQL database), so every instance of a deployment serves the model the collecting instance trained.
public protocol ForecastModelStore: Sendable {
    /// Replaces the kept model with `model` (``StoredForecastModel/encoded()``).
    func saveForecastModel(_ model: Data) async throws
    /// The kept model, nil before the first training.
    func latestForecastModel() async throws -> Data?
}

/// The model of a process without a file.
extension MemoryHistoryStore: ForecastModelStore {
    public func saveForecastModel(_ model: Data) async throws {
        forecastModel.withLock { $0 = model }
    }

    public func latestForecastModel() async throws -> Data? {
        forecastModel.withLock { $0 }
    }
}

/// The history a server keeps: readings (all of them, for training) and the kept forecast model, in one store
/// (memory, the SQLite file, PostgreSQL).
public typealias ForecastHistory = HistoryArchive & ForecastModelStore
