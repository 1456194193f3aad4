import Foundation
import Models
import PostgresStore
import ServerTrust
import TestFixtures
import TestSupport
import Testing

/// What every client record store promises, run against memory, SQLite and PostgreSQL alike.
@Suite struct ClientRecordStoreTests {
    static let now = TestClock.daytime
    static let install = "0123456789abcdef"

    static func subscribing(_ key: String, id: String, lot: LotID = "banpo-1", threshold: Int = 20) -> ClientWrite {
        ClientWrite(
            idempotencyKey: "/v2/push/subscriptions\u{1F}" + key, answer: Data("answer \(id)".utf8),
            effect: .subscription(
                id: id, PushSubscription(installHash: install, lotId: lot, threshold: threshold, quietFrom: "23:00")))
    }

    static func telemetry(_ key: String, _ counts: [String: Int], day: String = "2026-11-23") -> ClientWrite {
        ClientWrite(
            idempotencyKey: "/v2/telemetry\u{1F}" + key, answer: Data("t \(key)".utf8),
            effect: .telemetry(day: day, counts: counts))
    }

    @Test(arguments: StoreKind.allCases) func aNonceIsSpentOnceUntilItIsForgotten(_ kind: StoreKind) async throws {
        let store = try await StoreUnderTest(kind)
        defer { store.close() }
        let records = store.records
        let nonce = SpentNonce(keyId: "k-1", nonce: "n-1")
        let until = Self.now.addingTimeInterval(600)
        #expect(try await records.spendNonce(nonce, now: Self.now, until: until))
        #expect(!(try await records.spendNonce(nonce, now: Self.now.addingTimeInterval(599), until: until)))
        #expect(
            try await records.spendNonce(SpentNonce(keyId: "k-2", nonce: "n-1"), now: Self.now, until: until),
            "a nonce belongs to its key")
        #expect(
            try await records.spendNonce(nonce, now: until, until: until.addingTimeInterval(600)),
            "remembered until its time is up")
    }

    @Test(arguments: StoreKind.allCases) func aWriteIsAppliedOnceAndItsRetryGetsTheFirstAnswer(
        _ kind: StoreKind
    ) async throws {
        let store = try await StoreUnderTest(kind)
        defer { store.close() }
        let records = store.records
        #expect(
            try await records.applyOnce(Self.subscribing("key-1", id: "s-1"), now: Self.now) == Data("answer s-1".utf8))
        let retried = try await records.applyOnce(
            Self.subscribing("key-1", id: "s-2", threshold: 5), now: Self.now.addingTimeInterval(30))
        #expect(retried == Data("answer s-1".utf8))
        #expect(try await records.subscriptions().map(\.id) == ["s-1"])
        #expect(try await records.subscriptions().first?.subscription.threshold == 20)

        _ = try await records.applyOnce(Self.telemetry("key-2", ["app_start": 2]), now: Self.now)
        _ = try await records.applyOnce(Self.telemetry("key-2", ["app_start": 2]), now: Self.now)
        _ = try await records.applyOnce(Self.telemetry("key-3", ["app_start": 1, "fetch_failed": 1]), now: Self.now)
        _ = try await records.applyOnce(
            Self.telemetry("key-4", ["app_start": 1], day: "2026-11-24"), now: Self.now.addingTimeInterval(36_000))
        #expect(
            try await records.telemetryCounts() == [
                TelemetryCount(day: "2026-11-23", kind: "app_start", count: 3),
                TelemetryCount(day: "2026-11-23", kind: "fetch_failed", count: 1),
                TelemetryCount(day: "2026-11-24", kind: "app_start", count: 1),
            ])
    }

    @Test(arguments: StoreKind.allCases) func anInstallsNewerSubscriptionForALotReplacesTheEarlierOne(
        _ kind: StoreKind
    ) async throws {
        let store = try await StoreUnderTest(kind)
        defer { store.close() }
        let records = store.records
        _ = try await records.applyOnce(Self.subscribing("key-1", id: "s-1"), now: Self.now)
        _ = try await records.applyOnce(Self.subscribing("key-2", id: "s-2", threshold: 8), now: Self.now)
        _ = try await records.applyOnce(Self.subscribing("key-3", id: "s-3", lot: "yeouido-1"), now: Self.now)
        let stored = try await records.subscriptions()
        #expect(stored.map(\.id) == ["s-2", "s-3"])
        #expect(stored.map(\.subscription.threshold) == [8, 20])
        #expect(stored.first?.subscription.quietFrom == "23:00")
    }

    @Test(arguments: StoreKind.allCases) func anIdempotencyKeyIsForgottenAfterADay(_ kind: StoreKind) async throws {
        let store = try await StoreUnderTest(kind)
        defer { store.close() }
        _ = try await store.records.applyOnce(Self.telemetry("key-1", ["app_start": 1]), now: Self.now)
        let later = Self.now.addingTimeInterval(ClientRecordRetention.writeAnswers + 60)
        _ = try await store.records.applyOnce(Self.telemetry("key-1", ["app_start": 1]), now: later)
        #expect(try await store.records.telemetryCounts().map(\.count) == [2])
    }

    @Test(arguments: StoreKind.allCases.filter(\.persists)) func anotherInstanceOrARestartSeesTheSameRecords(
        _ kind: StoreKind
    ) async throws {
        let store = try await StoreUnderTest(kind)
        defer { store.close() }
        let nonce = SpentNonce(keyId: "k-1", nonce: "n-1")
        #expect(try await store.records.spendNonce(nonce, now: Self.now, until: Self.now.addingTimeInterval(600)))
        _ = try await store.records.applyOnce(Self.subscribing("key-1", id: "s-1"), now: Self.now)
        _ = try await store.records.applyOnce(Self.telemetry("key-2", ["widget_refresh": 4]), now: Self.now)
        let other = try #require(try store.reopenRecords())
        #expect(!(try await other.spendNonce(nonce, now: Self.now, until: Self.now.addingTimeInterval(600))))
        #expect(
            try await other.applyOnce(Self.subscribing("key-1", id: "s-9"), now: Self.now) == Data("answer s-1".utf8))
        #expect(try await other.subscriptions().map(\.id) == ["s-1"])
        #expect(
            try await other.telemetryCounts() == [TelemetryCount(day: "2026-11-23", kind: "widget_refresh", count: 4)])
    }

    @Test(arguments: StoreKind.allCases.filter(\.persists)) func twoInstancesGivenTheSameWriteAtOnceApplyItOnce(
        _ kind: StoreKind
    ) async throws {
        let store = try await StoreUnderTest(kind)
        defer { store.close() }
        let other = try #require(try store.reopenRecords())
        for round in 0..<10 {
            let key = "race-\(round)"
            async let a = store.records.applyOnce(Self.telemetry(key, ["app_start": 1]), now: Self.now)
            async let b = other.applyOnce(Self.telemetry(key, ["app_start": 1]), now: Self.now)
            let (first, second) = try await (a, b)
            #expect(first == second)
            async let c = store.records.spendNonce(
                SpentNonce(keyId: "k", nonce: key), now: Self.now, until: Self.now.addingTimeInterval(600))
            async let d = other.spendNonce(
                SpentNonce(keyId: "k", nonce: key), now: Self.now, until: Self.now.addingTimeInterval(600))
            let spent = try await [c, d]
            #expect(spent.filter { $0 }.count == 1, "\(spent)")
        }
        #expect(try await store.records.telemetryCounts().map(\.count) == [10])
    }
}
