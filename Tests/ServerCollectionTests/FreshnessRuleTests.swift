import Foundation
import Models
import ServerCollection
import ServerSources
import TestFixtures
import Testing

/// One rule says whether a reading is current: the collection's slot and a last good response served later give
/// the same value the same verdict (a Seoul crowd reading published 35 minutes late is fresh in both).
struct FreshnessRuleTests {
    struct RebuildFailed: Error {}

    @Test func theSlotAndTheServedLastGoodResponseGiveOneVerdict() throws {
        let now = TestClock.daytime
        let lag: @Sendable (SourceKind) -> TimeInterval = { SeoulSource.lag(of: $0) }
        let observed = now.addingTimeInterval(-40 * 60)  // past the crowd's 30-minute window, within its lag
        var slot = SourceSlot<Int>()
        slot.apply(.ok(1), now: now, observedAt: { _ in observed })
        let fromSlot = slot.status(
            .crowd, sourceName: "Seoul", simulated: false, now: now, lag: lag(.crowd))
        #expect(fromSlot.state == .known(.fresh))

        var summary = try Fixtures.homeSummary()
        summary.freshness = Freshness(sources: [fromSlot])
        let cache = ResponseCache<HomeSummary>(ttl: 0, lag: lag)
        _ = cache.entry(key: "k", version: 1, now: now) { summary }
        let served = try #require(cache.entry(key: "k", version: 2, now: now) { throw RebuildFailed() })
        #expect(served.value.freshness.sources.first?.state == fromSlot.state, "one verdict for one value")

        // Past window and lag, both say stale.
        let later = now.addingTimeInterval(30 * 60)
        let slotLater = slot.status(.crowd, sourceName: "Seoul", simulated: false, now: later, lag: lag(.crowd))
        let servedLater = try #require(cache.entry(key: "k", version: 3, now: later) { throw RebuildFailed() })
        #expect(slotLater.state == .known(.stale))
        #expect(servedLater.value.freshness.sources.first?.state == .known(.stale))
    }
}
