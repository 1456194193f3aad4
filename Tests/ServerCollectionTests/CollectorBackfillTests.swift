import Foundation
import Models
import ServerCollection
import ServerFaults
import ServerForecasting
import ServerSources
import TestFixtures
import TestSupport
import Testing

/// Simulated history is backfilled even when a live reading was recorded first (a server collects before it
/// backfills), so forecasts have past days from the first minute.
struct CollectorBackfillTests {
    @Test func backfillFillsTheWindowAfterALiveReading() async throws {
        let history = MemoryHistoryStore()
        let now = TestClock.daytime
        let collector = Collector(
            catalog: .bundled, source: SimulatedSource(catalog: .bundled), history: history, faults: FaultSwitch(),
            now: { now }, simulation: SimulationModel(catalog: .bundled))
        let model = SimulationModel(catalog: .bundled)
        let lot = try #require(Catalog.bundled.lots.first { model.available(lot: $0, at: now) != nil })
        await collector.collectAll()
        let live = TimeSlot.index(of: now)
        #expect(try await history.latestBucket(lot: lot.id) == live)
        await collector.prepareHistory(days: 7)
        let values = try await history.values(lot: lot.id, buckets: Array((live - 7 * TimeSlot.perDay)..<live))
        #expect(values.count >= 4 * 200, "\(values.count) buckets of the last 7 days")
        let forecast = try await collector.forecaster.forecast(lot: lot, history: history, now: now)
        #expect(!forecast.points.isEmpty)
        #expect(!forecast.points.contains { $0.reasons.contains(.known(.sparseHistory)) })
    }
}

/// An embedded backend reads, backfills and forecasts a park when it is first asked for, and only that park.
struct OnDemandCollectionTests {
    func collector(_ history: MemoryHistoryStore) -> Collector {
        Collector(
            catalog: .bundled, source: SimulatedSource(catalog: .bundled), history: history, faults: FaultSwitch(),
            now: { TestClock.daytime }, simulation: SimulationModel(catalog: .bundled))
    }

    @Test func aParkAskedForIsBackfilledAndForecastAlone() async throws {
        let history = MemoryHistoryStore()
        let collector = collector(history)
        await collector.collectIfDue(ParkID("banpo"), interval: 60, backfillDays: 7)
        let banpo = collector.collected(ParkID("banpo"))
        #expect(banpo.parking.lastSuccessAt != nil)
        let forecast = try #require(banpo.forecast)
        #expect(!forecast.park.points.isEmpty)
        let live = TimeSlot.index(of: TestClock.daytime)
        let banpoLot = try #require(Catalog.bundled.lots(in: ParkID("banpo")).first)
        let jamsilLot = try #require(Catalog.bundled.lots(in: ParkID("jamsil")).first)
        #expect(
            try await history.values(lot: banpoLot.id, buckets: Array((live - 7 * TimeSlot.perDay)..<live)).count > 1000
        )
        #expect(
            try await history.values(lot: jamsilLot.id, buckets: Array((live - 7 * TimeSlot.perDay)..<live)).isEmpty)
        #expect(collector.collected(ParkID("jamsil")).parking.lastAttemptAt == nil)
    }

    @Test func theListReadsEveryParkWithoutForecastsAndAParkStillGetsItsForecast() async throws {
        let collector = collector(MemoryHistoryStore())
        await collector.collectListIfDue(interval: 60)
        let parks = Catalog.bundled.parks.map { collector.collected($0.id) }
        #expect(parks.allSatisfy { $0.parking.lastSuccessAt != nil && $0.forecast == nil })
        // Read less than a minute ago, so not read again; the forecast it lacks is computed all the same.
        let version = collector.collected(ParkID("yeouido")).version
        await collector.collectIfDue(ParkID("yeouido"), interval: 60, backfillDays: 1)
        let yeouido = collector.collected(ParkID("yeouido"))
        #expect(yeouido.forecast != nil && yeouido.version == version + 1)
    }
}
