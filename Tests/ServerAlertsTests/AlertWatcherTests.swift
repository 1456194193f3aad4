import Foundation
import Models
import ServerAlerts
import ServerCollection
import ServerFaults
import ServerForecasting
import ServerSources
import ServerTrust
import Synchronization
import TestFixtures
import Testing

/// The watcher reads the values /v2 serves and asks the one rule: at night, when the lots are closed, nothing is
/// queued and nothing re-arms; by day, a crossing is queued once, with the payload the service worker reads.
@Suite struct AlertWatcherTests {
    static let keys = WebPushTarget.Keys(
        p256dh: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
        auth: "BTBZMqHH6r4Tts7J_aSIgg")

    static func watcher(at instant: Date, store: MemoryClientRecords) async -> (AlertWatcher, Collector) {
        let source = SimulatedSource(catalog: .bundled)
        let collector = Collector(
            catalog: .bundled, source: source, history: MemoryHistoryStore(), faults: FaultSwitch(),
            now: { instant })
        let responses = ParkResponses(
            collector: collector, builder: SummaryBuilder(catalog: .bundled, source: source), hotCacheTTL: 5,
            onDemandInterval: nil, backfillDays: 0, now: { instant })
        let watcher = AlertWatcher(
            store: store, responses: responses, publicURL: nil, now: { instant }, queued: { _ in })
        return (watcher, collector)
    }

    /// Banpo's parking collected at `instant`, as the collector publishes it.
    static func collected(_ collector: Collector, at instant: Date) async -> CollectionEvent {
        await collector.collect(.parking)
        return CollectionEvent(kind: .parking, at: instant, collected: [ParkID("banpo"): collector.collected("banpo")])
    }

    static func subscribe(_ store: MemoryClientRecords, lot: LotID, threshold: Int) async throws {
        let subscription = PushSubscription(
            installHash: "0123456789abcdef", lotId: lot, threshold: threshold, language: "en",
            push: WebPushTarget(endpoint: "https://fcm.googleapis.com/fcm/send/x", keys: keys))
        _ = try await store.applyOnce(
            ClientWrite(idempotencyKey: "k", answer: Data(), effect: .subscription(id: "s-1", subscription)),
            now: TestClock.daytime)
    }

    @Test func atNightAClosedLotIsNotZeroSpaces() async throws {
        let store = MemoryClientRecords()
        try await Self.subscribe(store, lot: "banpo-1", threshold: 1000)
        let (watcher, collector) = await Self.watcher(at: TestClock.night, store: store)
        let event = await Self.collected(collector, at: TestClock.night)
        #expect(try await watcher.watch(event) == 0)
        #expect(try await store.watched().first?.armed == true, "held, neither sent nor re-armed")
    }

    @Test func byDayACrossingIsQueuedOnceWithASmallPayload() async throws {
        let store = MemoryClientRecords()
        try await Self.subscribe(store, lot: "banpo-1", threshold: 1000)
        let (watcher, collector) = await Self.watcher(at: TestClock.daytime, store: store)
        let event = await Self.collected(collector, at: TestClock.daytime)
        #expect(try await watcher.watch(event) == 1)
        #expect(try await watcher.watch(event) == 0, "the same crossing is not queued twice")
        let delivery = try #require(try await store.claim(limit: 1, now: TestClock.daytime, holdFor: 30).first)
        #expect(delivery.payload.count < 3 * 1024, "\(delivery.payload.count) bytes")
        let message = try ContractCoding.decode(AlertMessage.self, from: delivery.payload)
        #expect(message.notification.data.simulated && message.notification.body.contains("Simulated"))
        #expect(message.notification.data.url == "/p/banpo/parking" && message.webPush == nil)
        #expect(message.notification.data.subscription == "s-1", "the template's placeholder is this id")
        #expect(delivery.topic == "alert-banpo-1" && delivery.expiresAt == TestClock.daytime.addingTimeInterval(900))
    }
}
