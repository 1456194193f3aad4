import Foundation
import Models
import ReferenceServer
import TestSupport
import Testing

/// Simulated history is backfilled even when a live reading was recorded first (a server collects before it
/// backfills), so forecasts have past days from the first minute.
struct CollectorBackfillTests {
    @Test func backfillFillsTheWindowAfterALiveReading() async throws {
        let history = MemoryHistoryStore()
        let now = TestClock.daytime
        let collector = Collector(
            catalog: .bundled, source: SimulatedSource(catalog: .bundled), history: history, faults: FaultSwitch(), now: { now })
        let model = SimulationModel(catalog: .bundled)
        let lot = try #require(Catalog.bundled.lots.first { model.available(lot: $0, at: now) != nil })
        await collector.collectAll()
        let live = SimulationModel.bucket(now)
        #expect(try await history.latestBucket(lot: lot.id) == live)
        await collector.prepareHistory(days: 7)
        let values = try await history.values(lot: lot.id, buckets: Array((live - 7 * 288)..<live))
        #expect(values.count >= 4 * 200, "\(values.count) buckets of the last 7 days")
        let forecast = try await collector.forecaster.forecast(lot: lot, history: history, now: now)
        #expect(!forecast.points.isEmpty)
        #expect(!forecast.points.contains { $0.reasons.contains(.known(.sparseHistory)) })
    }
}
