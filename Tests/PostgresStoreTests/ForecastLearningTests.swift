import Foundation
import Models
import ServerFaults
import ServerForecasting
import ServerLearning
import ServerSources
import Synchronization
import TestFixtures
import Testing

@testable import ServerCollection

/// The learned forecast in a deployment: the collecting instance trains at most daily and keeps the model with the
/// history (the SQLite file, the PostgreSQL database); another instance takes that model without training; a kept
/// model that cannot be read is named in the log and the rule forecasts.
@Suite(.serialized) struct ForecastLearningTests {
    static let park: ParkID = "yeouido"

    /// Sixteen days of the park's simulated readings up to the afternoon, recorded in the store; returns the instant
    /// of the last.
    static func record(into history: any HistoryStore) async throws -> Date {
        let model = SimulationModel(catalog: .bundled)
        let last = TimeSlot.index(of: TestClock.daytime)
        var batch: [LotReading] = []
        for lot in Catalog.bundled.lots(in: park) {
            for bucket in (last - 16 * TimeSlot.perDay)..<last {
                let at = TimeSlot.start(of: bucket)
                batch.append(LotReading(lotId: lot.id, available: model.available(lot: lot, at: at), observedAt: at))
            }
        }
        try await history.record(batch)
        return TimeSlot.start(of: last - 1)
    }

    static func collector(_ history: any ForecastHistory, now: Date, collects: Bool) -> Collector {
        Collector(
            catalog: .bundled, source: SimulatedSource(catalog: .bundled), history: history, faults: FaultSwitch(),
            now: { now }, lease: CollectorLease { collects })
    }

    /// What the learner told the log.
    final class Log: Sendable {
        private let lines = Mutex<[String]>([])
        func append(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    static func learning(_ log: Log) -> ForecastLearning {
        ForecastLearning(trainer: .xgboost(most: 40, every: 10, threads: 1), firstDelay: .zero) { log.append($0) }
    }

    @Test(arguments: StoreKind.allCases.filter(\.persists))
    func theCollectingInstanceTrainsAtMostDailyAndAnotherTakesItsModel(_ kind: StoreKind) async throws {
        let store = try await StoreUnderTest(kind)
        defer { store.close() }
        let now = try await Self.record(into: store.history)
        let log = Log()
        let learning = Self.learning(log)

        let collecting = Self.collector(store.history, now: now, collects: true)
        #expect(await collecting.learnOnce(learning))
        let trained = try #require(collecting.learned?.stored)
        #expect(trained.days == 16)
        let forecast = try #require(collecting.collected(Self.park).forecast)
        #expect(forecast.lots.allSatisfy { $0.points.isEmpty || $0.basis == .known(.learned) })
        #expect(forecast.park.basis == .known(.learned))
        #expect(log.all.contains { $0.hasPrefix("forecast model trained on 16 days") })
        #expect(
            log.all.contains { $0.contains("rows, \(trained.trees ?? 0) trees) in") }, "the trees chosen are named")
        #expect(!(await collecting.learnOnce(learning)), "a model younger than a day is not trained again")

        let other = Self.collector(try #require(try store.reopen()), now: now, collects: false)
        #expect(!(await other.learnOnce(learning)), "only the lease holder trains")
        #expect(other.learned?.stored == trained)
    }

    /// The served model's bytes (megabytes) stay in the store, not in the server's memory; the next day's training
    /// is given the model in use whole, read back from the store.
    @Test(arguments: StoreKind.allCases.filter(\.persists))
    func theModelsBytesStayInTheStoreAndGoToTheNextTraining(_ kind: StoreKind) async throws {
        let store = try await StoreUnderTest(kind)
        defer { store.close() }
        let now = try await Self.record(into: store.history)
        var learning = Self.learning(Log())
        let collecting = Self.collector(store.history, now: now, collects: true)
        #expect(await collecting.learnOnce(learning))
        let inUse = try #require(collecting.learned?.stored)
        #expect(inUse.model.isEmpty && inUse.spread.isEmpty && inUse.low.isEmpty && inUse.high.isEmpty)
        let kept = try StoredForecastModel.decoded(try #require(try await store.history.latestForecastModel()))
        #expect(!kept.model.isEmpty && !kept.spread.isEmpty && !kept.low.isEmpty && !kept.high.isEmpty)
        #expect(kept.withoutBytes == inUse)

        let given = Mutex<[StoredForecastModel?]>([])
        learning.separately = { _, previous, _, _ in
            given.withLock { $0.append(previous) }
            return nil
        }
        let dayLater = Self.collector(try #require(try store.reopen()), now: now + 25 * 3600, collects: true)
        #expect(!(await dayLater.learnOnce(learning)))
        #expect(dayLater.learned?.stored == inUse, "the kept model was taken, without its bytes")
        #expect(given.withLock { $0 } == [kept])
    }

    @Test(arguments: StoreKind.allCases) func withoutSixDaysTheRuleForecastsAndTheLogSaysWhy(_ kind: StoreKind)
        async throws
    {
        let store = try await StoreUnderTest(kind)
        defer { store.close() }
        let log = Log()
        let collecting = Self.collector(store.history, now: TestClock.daytime, collects: true)
        #expect(!(await collecting.learnOnce(Self.learning(log))))
        #expect(collecting.learned == nil)
        #expect(log.all.contains { $0.contains("less than 6 days of history; the rule forecasts") })
        let models = store.history
        #expect(try await models.latestForecastModel() == nil)
    }

    @Test(arguments: StoreKind.allCases) func aKeptModelThatCannotBeReadIsNamedAndNotUsed(_ kind: StoreKind)
        async throws
    {
        let store = try await StoreUnderTest(kind)
        defer { store.close() }
        let models = store.history
        try await models.saveForecastModel(Data("{\"version\": 1, \"model\": 3".utf8))
        let log = Log()
        let waiting = Self.collector(store.history, now: TestClock.daytime, collects: false)
        await waiting.learnOnce(Self.learning(log))
        await waiting.learnOnce(Self.learning(log))
        #expect(waiting.learned == nil)
        #expect(log.all.filter { $0.hasPrefix("the kept forecast model is not used: ") }.count == 1, "\(log.all)")

        // A model a newer server kept (other features, other fields) is named by its version, not as bad JSON.
        let newer = StoredForecastModel.currentVersion + 1
        try await models.saveForecastModel(Data("{\"version\": \(newer), \"trees\": []}".utf8))
        await waiting.learnOnce(Self.learning(log))
        await waiting.learnOnce(Self.learning(log))
        #expect(waiting.learned == nil)
        #expect(
            log.all.filter {
                $0.contains("not used: it is of version \(newer) and this server reads version \(newer - 1)")
            }.count == 1,
            "\(log.all)")

        // Its JSON reads, its model bytes are not XGBoost's: also said once.
        let unloadable = StoredForecastModel(
            trainedAt: TestClock.daytime, days: 7, samples: 1, seconds: 1, bands: ConformalBands(),
            model: Data("not a model".utf8), spread: Data("not a model".utf8), low: Data("not a model".utf8),
            high: Data("not a model".utf8))
        try await models.saveForecastModel(try unloadable.encoded())
        await waiting.learnOnce(Self.learning(log))
        await waiting.learnOnce(Self.learning(log))
        #expect(waiting.learned == nil)
        #expect(log.all.filter { $0.hasPrefix("the kept forecast model is not used: ") }.count == 3, "\(log.all)")
    }
}
