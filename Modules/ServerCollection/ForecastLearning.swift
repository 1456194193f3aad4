import Foundation
import Models
import ServerForecasting

/// How a collector learns its parking forecast: what fits the model, how often, and where it says what it did.
public struct ForecastLearning: Sendable {
    public var trainer: ForecastTrainer
    /// The collecting instance retrains at most this often (the kept model's age decides, across restarts and
    /// instances).
    public var interval: Duration = .seconds(86_400)
    /// The first look waits this long after start, so a restart does not compete with serving.
    public var firstDelay: Duration = Self.startDelay
    /// The server's ``firstDelay``: a server whose kept model is due trains this long after it started.
    public static let startDelay: Duration = .seconds(300)
    /// How often every instance looks for a newer kept model, and the collecting one whether training is due.
    public var checkInterval: Duration = .seconds(600)
    /// Where training and loading are told (the server's log).
    public var log: @Sendable (String) -> Void
    /// Trains in another process when set: given the history's readings, the model in use (whose band widths learn
    /// from the days it served), the cut-off bucket and the time, it returns the stored model (nil with too little
    /// history), as ``ForecastTraining/retrain(after:series:before:now:)`` does. A training's memory then leaves with
    /// that process; nil trains in this one (tests, the app's embedded backend).
    public var separately:
        (
            @Sendable (
                _ readings: [(lot: LotID, at: Date, available: Int)], _ previous: StoredForecastModel?, _ cutoff: Int,
                _ now: Date
            ) async throws -> StoredForecastModel?
        )?

    public init(
        trainer: ForecastTrainer, interval: Duration = .seconds(86_400), firstDelay: Duration = Self.startDelay,
        checkInterval: Duration = .seconds(600), log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.trainer = trainer
        self.interval = interval
        self.firstDelay = firstDelay
        self.checkInterval = checkInterval
        self.log = log
    }
}
