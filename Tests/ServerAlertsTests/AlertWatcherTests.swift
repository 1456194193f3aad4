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
        let (watcher, collector, _) = await parts(at: instant, store: store)
        return (watcher, collector)
    }

    /// The watcher, its collector and the responses it reads.
    static func parts(at instant: Date, store: MemoryClientRecords, collector: Collector? = nil) async -> (
        AlertWatcher, Collector, ParkResponses
    ) {
        let source = SimulatedSource(catalog: .bundled)
        let collector =
            collector
            ?? Collector(
                catalog: .bundled, source: source, history: MemoryHistoryStore(), faults: FaultSwitch(),
                now: { instant })
        let responses = ParkResponses(
            collector: collector, builder: SummaryBuilder(catalog: .bundled, source: source), hotCacheTTL: 5,
            onDemandInterval: nil, backfillDays: 0, now: { instant })
        let watcher = AlertWatcher(
            store: store, responses: responses, publicURL: nil, now: { instant }, queued: { _ in })
        return (watcher, collector, responses)
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

    static func trip(_ store: MemoryClientRecords, lot: LotID, margin: Int, arrival: Date) async throws {
        let subscription = PushSubscription(
            installHash: "0123456789abcdef", lotId: lot, threshold: margin, language: "en",
            push: WebPushTarget(endpoint: "https://fcm.googleapis.com/fcm/send/trip", keys: keys), arriveAt: arrival)
        _ = try await store.applyOnce(
            ClientWrite(idempotencyKey: "t", answer: Data(), effect: .subscription(id: "s-trip", subscription)),
            now: TestClock.daytime)
    }

    /// A trip to a lot forecast under its margin at arrival is told once, naming the lot the ranking puts first
    /// among those over the margin, and a tap opens that lot.
    @Test func aTripForecastUnderItsMarginIsToldOnceWithTheBestOtherLot() async throws {
        let store = MemoryClientRecords()
        let arrival = TestClock.daytime.addingTimeInterval(40 * 60)
        let (_, collector, responses) = await Self.parts(at: TestClock.daytime, store: store)
        let event = await Self.collected(collector, at: TestClock.daytime)
        await collector.computeForecasts()
        let answer = try #require(responses.lotForecastsEntry(now: TestClock.daytime)?.value)
        let ranked = ArrivalRanking.rank(answer, arrival: .inMinutes(40), catalog: .bundled, now: TestClock.daytime)
        let mine = try #require(ranked.first { $0.lot.id == "banpo-1" }?.estimate)
        let margin = mine.p50 + 1
        let best = try #require(ranked.first { $0.lot.id != "banpo-1" && ($0.estimate?.p50 ?? 0) >= margin })
        try await Self.trip(store, lot: "banpo-1", margin: margin, arrival: arrival)
        let (watcher, _, _) = await Self.parts(at: TestClock.daytime, store: store, collector: collector)
        #expect(try await watcher.watch(event) == 1)
        #expect(try await watcher.watch(event) == 0, "told once")
        let delivery = try #require(try await store.claim(limit: 1, now: TestClock.daytime, holdFor: 30).first)
        let message = try ContractCoding.decode(AlertMessage.self, from: delivery.payload)
        #expect(message.notification.title == "Banpo Lot 1: about \(mine.p50) spaces at 14:40", "\(message)")
        #expect(
            message.notification.body.hasPrefix(
                "Fewer than \(margin) spaces are forecast when you arrive. Try \(best.lot.nameEn): about "),
            "\(message.notification.body)")
        #expect(message.notification.data.url == "/p/\(best.lot.parkId.rawValue)/parking?lot=\(best.lot.id.rawValue)")
        #expect(
            delivery.topic == "alert-trip-banpo-1" && delivery.expiresAt == TestClock.daytime.addingTimeInterval(900))
    }

    /// A trip whose lot keeps its margin says nothing; once its arrival has passed it ends by itself.
    @Test func aTripEndsByItselfWhenItsArrivalHasPassed() async throws {
        let store = MemoryClientRecords()
        let arrival = TestClock.daytime.addingTimeInterval(40 * 60)
        try await Self.trip(store, lot: "banpo-1", margin: 1, arrival: arrival)
        let (watcher, collector) = await Self.watcher(at: TestClock.daytime, store: store)
        let event = await Self.collected(collector, at: TestClock.daytime)
        #expect(try await watcher.watch(event) == 0)
        #expect(try await store.watched().map(\.id) == ["s-trip"])
        let later = arrival.addingTimeInterval(60)
        let (after, _, _) = await Self.parts(at: later, store: store, collector: collector)
        #expect(try await after.watch(event) == 0)
        #expect(try await store.watched().isEmpty, "the trip is removed")
    }
}
