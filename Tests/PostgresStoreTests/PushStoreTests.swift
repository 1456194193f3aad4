import Foundation
import Models
import PostgresStore
import ServerTrust
import TestFixtures
import TestSupport
import Testing

/// What every push store promises (memory, SQLite and PostgreSQL): a crossing is queued once however many instances
/// watch; a delivery is claimed by one instance at a time, comes due again when its claim lapses (an instance that
/// died mid-fan-out), and is never sent again once recorded as sent.
@Suite struct PushStoreTests {
    static let now = TestClock.daytime
    static let keys = WebPushTarget.Keys(
        p256dh: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
        auth: "BTBZMqHH6r4Tts7J_aSIgg")

    static func subscribe(_ records: any ClientRecordStore, id: String, install: String, push: Bool = true)
        async throws
    {
        let subscription = PushSubscription(
            installHash: install, lotId: "banpo-1", threshold: 20, language: "ko",
            push: push ? WebPushTarget(endpoint: "https://fcm.googleapis.com/fcm/send/\(id)", keys: keys) : nil)
        _ = try await records.applyOnce(
            ClientWrite(
                idempotencyKey: "k-" + id, answer: Data(id.utf8), effect: .subscription(id: id, subscription)),
            now: now)
    }

    static func crossing(_ id: String, at: Date = now) -> AlertCrossing {
        AlertCrossing(
            subscriptionId: id,
            target: WebPushTarget(endpoint: "https://fcm.googleapis.com/fcm/send/\(id)", keys: keys),
            payload: Data(#"{"n":"\#(id)"}"#.utf8), topic: "alert-banpo-1", createdAt: at,
            expiresAt: at.addingTimeInterval(900))
    }

    @Test(arguments: StoreKind.allCases) func aCrossingIsQueuedOnceAndReArmedOnlyWhenTold(_ kind: StoreKind)
        async throws
    {
        let store = try await StoreUnderTest(kind)
        defer { store.close() }
        let a = store.records
        let b = try store.reopenRecords() ?? a  // another instance on the same store
        try await Self.subscribe(a, id: "s-1", install: "0123456789abcde1")
        try await Self.subscribe(a, id: "s-old", install: "0123456789abcde2", push: false)
        #expect(try await b.watched().map(\.id) == ["s-1"], "only subscriptions with a push target are watched")
        #expect(try await b.watched().first?.armed == true)
        // Two watchers decide the same crossing at once: one queues it.
        async let first = a.apply(AlertChanges(crossings: [Self.crossing("s-1")]), now: Self.now)
        async let second = b.apply(AlertChanges(crossings: [Self.crossing("s-1")]), now: Self.now)
        #expect(try await first + second == 1)
        #expect(try await a.watched().first?.armed == false)
        #expect(try await a.apply(AlertChanges(crossings: [Self.crossing("s-1")]), now: Self.now) == 0)
        _ = try await b.apply(AlertChanges(rearmed: ["s-1"]), now: Self.now)
        #expect(try await a.apply(AlertChanges(crossings: [Self.crossing("s-1")]), now: Self.now) == 1)
        let status = try await a.status(now: Self.now)
        #expect(status.pending == 2 && status.subscriptions == 2 && status.pushSubscriptions == 1 && status.armed == 0)
    }

    /// A trip is kept with its arrival beside the install's standing alert on the same lot, and removed alone.
    @Test(arguments: StoreKind.allCases) func aTripKeepsItsArrivalBesideTheStandingAlert(_ kind: StoreKind)
        async throws
    {
        let store = try await StoreUnderTest(kind)
        defer { store.close() }
        let install = "0123456789abcde1"
        try await Self.subscribe(store.records, id: "s-standing", install: install)
        let arrival = Self.now.addingTimeInterval(40 * 60)
        let trip = PushSubscription(
            installHash: install, lotId: "banpo-1", threshold: 20, language: "ko",
            push: WebPushTarget(endpoint: "https://fcm.googleapis.com/fcm/send/trip", keys: Self.keys),
            arriveAt: arrival)
        _ = try await store.records.applyOnce(
            ClientWrite(idempotencyKey: "k-trip", answer: Data(), effect: .subscription(id: "s-trip", trip)),
            now: Self.now)
        let other = try store.reopenRecords() ?? store.records
        let watched = try await other.watched().sorted { $0.id < $1.id }
        #expect(watched.map(\.id) == ["s-standing", "s-trip"])
        #expect(watched.map(\.subscription.arriveAt) == [nil, arrival])
        #expect(try await other.removeSubscription(id: "s-trip"))
        #expect(try await store.records.watched().map(\.id) == ["s-standing"])
    }

    @Test(arguments: StoreKind.allCases) func deliveriesAreClaimedByOneInstanceAndResumeAfterACrash(_ kind: StoreKind)
        async throws
    {
        let store = try await StoreUnderTest(kind)
        defer { store.close() }
        let a = store.records
        let b = try store.reopenRecords() ?? a
        let ids = (1...40).map { "s-\($0)" }
        for (index, id) in ids.enumerated() {
            try await Self.subscribe(a, id: id, install: String(format: "0123456789ab%04d", index))
        }
        #expect(try await a.apply(AlertChanges(crossings: ids.map { Self.crossing($0) }), now: Self.now) == 40)
        // Two instances claim at once: every delivery goes to one of them.
        async let claimedByA = a.claim(limit: 25, now: Self.now, holdFor: 30)
        async let claimedByB = b.claim(limit: 25, now: Self.now, holdFor: 30)
        let (first, second) = try await (claimedByA, claimedByB)
        #expect(first.count + second.count == 40)
        #expect(Set(first.map(\.id)).isDisjoint(with: second.map(\.id)))
        #expect(first.allSatisfy { $0.target.keys == Self.keys && $0.target.endpoint.hasSuffix($0.subscriptionId) })
        // A sends its claim; B dies before sending its own.
        for delivery in first { try await a.finish(delivery, .sent, now: Self.now) }
        #expect(try await a.claim(limit: 100, now: Self.now.addingTimeInterval(10), holdFor: 30).isEmpty)
        // Once B's claim lapses, A takes over what B left, and nothing that was sent.
        let resumed = try await a.claim(limit: 100, now: Self.now.addingTimeInterval(31), holdFor: 30)
        #expect(Set(resumed.map(\.id)) == Set(second.map(\.id)))
        for delivery in resumed { try await a.finish(delivery, .sent, now: Self.now.addingTimeInterval(31)) }
        #expect(try await b.claim(limit: 100, now: Self.now.addingTimeInterval(200), holdFor: 30).isEmpty)
        let status = try await b.status(now: Self.now)
        #expect(status.sent == 40 && status.pending == 0)
        #expect(status.lastSentAt.map { abs($0.timeIntervalSince(Self.now.addingTimeInterval(31))) < 1 } == true)
    }

    @Test(arguments: StoreKind.allCases) func outcomesRetryRemoveAndExpire(_ kind: StoreKind) async throws {
        let store = try await StoreUnderTest(kind)
        defer { store.close() }
        let records = store.records
        for (index, id) in ["s-gone", "s-busy", "s-late", "s-big"].enumerated() {
            try await Self.subscribe(records, id: id, install: "0123456789abcd0\(index)")
        }
        let crossings =
            ["s-gone", "s-busy", "s-big"].map { Self.crossing($0) } + [
                Self.crossing("s-late", at: Self.now.addingTimeInterval(-1000))
            ]
        #expect(try await records.apply(AlertChanges(crossings: crossings), now: Self.now) == 4)
        let claimed = try await records.claim(limit: 10, now: Self.now, holdFor: 30)
        #expect(Set(claimed.map(\.subscriptionId)) == ["s-gone", "s-busy", "s-big"], "a stale alert is dropped")
        for delivery in claimed {
            switch delivery.subscriptionId {
            case "s-gone": try await records.finish(delivery, .gone, now: Self.now)
            case "s-busy":
                try await records.finish(
                    delivery, .retry(at: Self.now.addingTimeInterval(5), reason: "rate_limited"), now: Self.now)
            default: try await records.finish(delivery, .failed(reason: "too_large"), now: Self.now)
            }
        }
        #expect(try await records.claim(limit: 10, now: Self.now.addingTimeInterval(4), holdFor: 30).isEmpty)
        let again = try await records.claim(limit: 10, now: Self.now.addingTimeInterval(5), holdFor: 30)
        #expect(again.map(\.subscriptionId) == ["s-busy"] && again.first?.attempts == 1)
        let status = try await records.status(now: Self.now)
        #expect(status.gone == 1 && status.retried == 1 && status.failed == ["too_large": 1, "expired": 1])
        #expect(try await records.subscriptions().map(\.id).sorted() == ["s-big", "s-busy", "s-late"])
        #expect(try await records.removeSubscription(id: "s-busy"))
        #expect(!(try await records.removeSubscription(id: "s-busy")))
        #expect(try await records.status(now: Self.now).pending == 0, "a stopped subscription's delivery goes too")
        #expect(try await records.subscriptionCounts(install: "0123456789abcd03", besides: "banpo-2") == (1, 2))
        #expect(
            try await records.subscriptionCounts(install: "0123456789abcd03", besides: "banpo-1") == (0, 1),
            "a write for a target the install watches replaces that subscription")
    }

    @Test(arguments: StoreKind.allCases) func aWatcherSeesReplacementsAndRemovalsMadeElsewhere(_ kind: StoreKind)
        async throws
    {
        let store = try await StoreUnderTest(kind)
        defer { store.close() }
        let watcher = store.records
        let writer = try store.reopenRecords() ?? watcher  // the instance that took the writes
        try await Self.subscribe(writer, id: "s-a", install: "0123456789abcde1")
        try await Self.subscribe(writer, id: "s-b", install: "0123456789abcde2")
        #expect(try await watcher.watched().map(\.id) == ["s-a", "s-b"])
        // The same install and target again: a new id with a new body replaces the decoded one.
        let replaced = PushSubscription(
            installHash: "0123456789abcde1", lotId: "banpo-1", threshold: 7, language: "en",
            push: WebPushTarget(endpoint: "https://fcm.googleapis.com/fcm/send/s-c", keys: Self.keys))
        _ = try await writer.applyOnce(
            ClientWrite(idempotencyKey: "k-s-c", answer: Data(), effect: .subscription(id: "s-c", replaced)),
            now: Self.now)
        #expect(try await writer.removeSubscription(id: "s-b"))
        let watched = try await watcher.watched()
        #expect(watched.map(\.id) == ["s-c"])
        #expect(watched.first?.subscription == replaced)
    }

    @Test(arguments: StoreKind.allCases) func everyInstanceGetsTheSameVAPIDKey(_ kind: StoreKind) async throws {
        let store = try await StoreUnderTest(kind)
        defer { store.close() }
        let other = try store.reopenRecords() ?? store.records
        let kept = try await store.records.vapidKey(orStore: Data(repeating: 1, count: 32))
        #expect(kept == Data(repeating: 1, count: 32))
        #expect(try await other.vapidKey(orStore: Data(repeating: 2, count: 32)) == kept)
    }
}
