import BenchmarkSupport
import CurlHTTP
import Foundation
import Logging
import Models
import PostgresStore
import ReferenceServer
import ServerSources
import ServerTrust
import TestFixtures
import TestSupport
import Testing

/// Two instances on one PostgreSQL database: one collector at a time, the lease moving when its holder stops, and
/// the collector's collected values reaching the other instance.
@Suite struct SharedInstancesTests {
    struct Instance {
        let shared: SharedState
        let running: Task<Void, Never>

        init(_ url: String, interval: Duration = .milliseconds(400), timeout: Duration = .seconds(60)) throws {
            shared = .postgres(
                try DatabaseURL(url), collectionInterval: interval, timeout: timeout, logger: Logger(label: "test"))
            let shared = shared
            running = Task { await shared.run() }
        }
    }

    @Test func exactlyOneInstanceCollectsAndAnotherTakesOverWhenItStops() async throws {
        let url = try await PostgresCluster.shared().createDatabase()
        // Two seconds: the holder's connection closing takes part of the budget when the whole suite loads both cores.
        let interval = Duration.seconds(2)
        let a = try Instance(url, interval: interval)
        let b = try Instance(url, interval: interval)
        defer { b.running.cancel() }
        let holders = [await a.shared.lease.acquire(), await b.shared.lease.acquire()]
        #expect(holders.filter { $0 }.count == 1, "\(holders)")
        let (holder, waiter) = holders[0] ? (a, b) : (b, a)
        // The holder keeps it while it runs (a session lock: asked again, it still holds it; the waiter is refused).
        #expect(await holder.shared.lease.acquire())
        #expect(!(await waiter.shared.lease.acquire()))
        // The holder stops. Not awaited: postgres-nio's pool shutdown sometimes never returns under load (the server
        // does not wait for it either); the lock goes with the holder's connection, and how long the pool takes to
        // close it is postgres-nio's, so the clock starts when PostgreSQL has freed the lock.
        let session = try await Self.lockHolder(url)
        try #require(session != "0")
        holder.running.cancel()
        let freed = try await Self.whenFreed(url, by: session)
        // The waiter takes over within two intervals (it tries every half interval).
        while !(await waiter.shared.lease.acquire()) {
            try await Task.sleep(for: .milliseconds(20))
            try #require(ContinuousClock.now - freed < .seconds(8), "the lease never moved")
        }
        #expect(ContinuousClock.now - freed < interval * 2)
        a.running.cancel()
    }

    /// The backend process (session) holding the collector's advisory lock, if any (`pg_locks` shows a key's two
    /// 32-bit halves as `classid` and `objid`).
    static func lockHolder(_ url: String) async throws -> String {
        try await PostgresCluster.shared().psql(
            url,
            """
            SELECT coalesce(max(pid), 0) FROM pg_locks WHERE locktype = 'advisory' AND granted
            AND classid = \(PostgresLocks.collector >> 32) AND objid = \(PostgresLocks.collector & 0xFFFF_FFFF)
            """)
    }

    /// The moment the session `pid` no longer holds the collector's lock.
    static func whenFreed(_ url: String, by pid: String) async throws -> ContinuousClock.Instant {
        let started = ContinuousClock.now
        while try await lockHolder(url) == pid {
            try #require(ContinuousClock.now - started < .seconds(30), "the stopped instance still holds the lock")
            try await Task.sleep(for: .milliseconds(20))
        }
        return ContinuousClock.now
    }

    @Test func aPublishedSnapshotReachesTheOtherInstanceAndStaysForLateComers() async throws {
        let url = try await PostgresCluster.shared().createDatabase()
        let collecting = try Instance(url)
        let other = try Instance(url)
        defer {
            collecting.running.cancel()
            other.running.cancel()
        }
        var received = other.shared.exchange.received().makeAsyncIterator()
        var collected = CollectedPark()
        let at = TestClock.daytime
        collected.parking.apply(
            .ok(ParkingReadings(readings: [LotReading(lotId: "banpo-1", available: 12, observedAt: at)])), now: at
        ) { $0.newestObservation }
        collected.updatedAt = at
        // The listener first hands over what is stored (nothing yet), then what is published: published once it
        // listens, so the value comes by notification.
        let cluster = try await PostgresCluster.shared()
        let listening = ContinuousClock.now
        while try await cluster.psql(
            url, "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'")
            == "0"
        {
            try #require(ContinuousClock.now - listening < .seconds(20), "no listener within 20 s")
            try await Task.sleep(for: .milliseconds(50))
        }
        await collecting.shared.exchange.publish("banpo", collected)
        let (park, arrived) = try #require(await received.next())
        #expect(park == "banpo")
        #expect(arrived.parking.value?.readings.first?.available == 12)
        #expect(arrived.parking.lastSuccessAt == at)
        #expect(arrived.updatedAt == at)
        // An instance started later finds it stored.
        let late = try Instance(url)
        defer { late.running.cancel() }
        let stored = await late.shared.exchange.stored()
        #expect(stored.map(\.0) == ["banpo"])
        #expect(stored.first?.1.parking.value?.readings.first?.available == 12)
    }

    @Test func bothInstancesServeTheSameBodyWithTheSameETagAndAreReady() async throws {
        let url = try await PostgresCluster.shared().createDatabase()
        func instance() async throws -> TestBackend {
            try await TestBackend.start(
                shared: .postgres(
                    try DatabaseURL(url), collectionInterval: .seconds(60), timeout: .seconds(60),
                    logger: Logger(label: "test")))
        }
        let collecting = try await instance()
        let serving = try await instance()
        defer {
            Task {
                await collecting.stop()
                await serving.stop()
            }
        }
        let path = "/v2/parks/banpo/home-summary"
        func get(_ backend: TestBackend, _ path: String = path, etag: String? = nil) async throws -> HTTPResponse {
            try await TestBackend.curl.send(
                HTTPRequest(
                    url: backend.baseURL + path, headers: etag.map { [("If-None-Match", $0)] } ?? [],
                    deadline: Date().addingTimeInterval(10)))
        }
        let first = try await get(collecting)
        let second = try await get(serving)
        #expect(first.status == 200 && second.status == 200)
        #expect(first.body == second.body)
        let etag = try #require(first.header("etag"))
        #expect(second.header("etag") == etag)
        // A 304 from one instance is valid at the other.
        #expect(try await get(serving, etag: etag).status == 304)

        for (backend, detail) in [(collecting, "this instance collects"), (serving, "collected values arrived")] {
            let ready = try await get(backend, "/v2/health/ready")
            #expect(ready.status == 200)
            let health = try ContractCoding.decode(HealthResponse.self, from: ready.body)
            #expect(health.status == .known(.ok), "\(health)")
            let check = try #require(health.checks?.first { $0.name == "collector" })
            #expect(check.ok && check.detail?.contains(detail) == true, "\(check)")
        }
    }

    @Test func aProofReplayedToTheOtherInstanceIsRefusedAndARetriedWriteIsAppliedOnce() async throws {
        let url = try await PostgresCluster.shared().createDatabase()
        let keys = TokenKeys.randomSetting()
        func instance() async throws -> TestBackend {
            try await TestBackend.start(
                shared: .postgres(
                    try DatabaseURL(url), collectionInterval: .seconds(60), timeout: .seconds(60),
                    logger: Logger(label: "test"))
            ) { $0.tokenKeys = try? TokenKeys(parsing: keys) }
        }
        let a = try await instance()
        let b = try await instance()
        defer {
            Task {
                await a.stop()
                await b.stop()
            }
        }
        let session = try await SignedSession.bootstrap(a.baseURL)
        let path = "/v2/parks/banpo/home-summary"
        #expect(try await session.send(path, nonce: "once-only").status == 200)
        // The same proof, sent to the other instance as nginx would (same Host).
        let replayed = try await session.send(path, nonce: "once-only", to: b.baseURL)
        #expect(replayed.status == 401)
        #expect(SignedSession.code(replayed) == "proof_replayed")
        #expect(try await session.send(path, nonce: "fresh", to: b.baseURL).status == 200, "b verifies a's token")

        // A subscription whose answer was lost is retried on the other instance with the same key (a new proof).
        let body = try ContractCoding.encode(
            PushSubscription(installHash: "0123456789abcdef", lotId: "banpo-1", threshold: 10))
        let idempotency: (inout [(name: String, value: String)]) -> Void = { headers in
            headers.removeAll { $0.name == "Idempotency-Key" }
            headers.append(("Idempotency-Key", "subscribe-banpo-1"))
        }
        let first = try await session.send(
            "/v2/push/subscriptions", method: "POST", body: body, tamper: idempotency, nonce: "w-1")
        let retried = try await session.send(
            "/v2/push/subscriptions", method: "POST", body: body, tamper: idempotency, nonce: "w-2", to: b.baseURL)
        #expect(first.status == 201 && retried.status == 201)
        let firstId = try ContractCoding.decode(WriteAccepted.self, from: first.body).id
        #expect(try ContractCoding.decode(WriteAccepted.self, from: retried.body).id == firstId)
        let stored = try await b.backend.shared.records.subscriptions()
        #expect(stored.map(\.id) == [firstId])
    }

    @Test func aDatabaseThatIsDownIsAnErrorNotAHang() async throws {
        let port = try LoopbackPort.free()
        let instance = try Instance(
            "postgres://hangangjari:secret@127.0.0.1:\(port)/hangangjari?sslmode=disable", timeout: .seconds(2))
        defer { instance.running.cancel() }
        let started = ContinuousClock.now
        await #expect(throws: PostgresStoreError.noAnswer(seconds: 2)) {
            _ = try await instance.shared.history.latestBucket(lot: "banpo-1")
        }
        // Not a hang (the pool alone would wait a minute); the bound is loose because the deadline's timer shares
        // two cores with the whole suite, and on the CI machine it once fired 9 s late.
        #expect(ContinuousClock.now - started < .seconds(30))
        #expect(!(await instance.shared.lease.acquire()))
    }

    @Test func badURLsAreNamedWithoutThePassword() {
        for (url, reason) in [
            ("mysql://u:p@h/db", "not a postgres:// URL"), ("postgres://h/db", "no user name"),
            ("postgres://u:hunter2@h", "no database name after the host"),
            ("postgres://u:hunter2@h/db?sslmode=maybe", "sslmode 'maybe' is not disable, prefer or require"),
        ] {
            #expect(throws: DatabaseURL.Invalid.self) { try DatabaseURL(url) }
            do { _ = try DatabaseURL(url) } catch {
                #expect(error.reason == reason && !error.description.contains("hunter2"))
            }
        }
        let parsed = try? DatabaseURL("postgres://u:hunter2@db.internal:6432/hangangjari?sslmode=require")
        #expect(parsed?.redacted == "postgres://db.internal:6432/hangangjari")
    }
}
