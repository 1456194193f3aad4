import BenchmarkSupport
import CurlHTTP
import Foundation
import Logging
import Models
import PostgresStore
import ServerTrust
import TestFixtures
import TestSupport
import Testing

/// Two `hangangjari-server` instances on one PostgreSQL database send the alerts of one crossing side by side; the
/// one sending is killed with SIGKILL mid-fan-out and the other finishes. Every subscription is told, each delivery
/// is recorded as sent once, and a push is sent again only if its answer died with its sender (in flight, or not yet
/// recorded), under the same Topic, which push services collapse.
@Suite(.serialized) struct PushFailoverTests {
    static let instant = PushAlertTests.instant
    static let since = PushAlertTests.since
    static let count = 300

    @Test func killingTheSendingInstanceMidFanOutLosesNoAlert() async throws {
        let cluster = try await PostgresCluster.shared()
        let database = try await cluster.createDatabase()
        let seoul = try SeoulStandIn(fixtures: [:])
        seoul.serve("POI105", body: try PushAlertTests.yeouido(occupied: 400))
        let push = try PushServiceStandIn()
        defer {
            push.stop()
            seoul.stop()
        }
        // The subscriptions, written straight into the deployment's store (the write path has its own tests; a
        // client address may write only so many).
        let pooled = PostgresDatabase(
            url: try DatabaseURL(database), logger: Logger(label: "test"), timeout: .seconds(30))
        let pool = Task { await pooled.run() }
        defer { pool.cancel() }
        let records = PostgresClientRecords(database: pooled)
        for index in 0..<Self.count {
            let id = "p-\(index)"
            let target = try await push.subscribe(id)
            try await push.script(id, [("201", nil)], delay: 0.5)
            let subscription = PushSubscription(
                installHash: String(format: "0123456789ab%04d", index), lotId: "yeouido-1", threshold: 30,
                language: "ko", push: target)
            _ = try await records.applyOnce(
                ClientWrite(
                    idempotencyKey: "k-\(id)", answer: Data(), effect: .subscription(id: "s-\(id)", subscription)),
                now: TestClock.clock(Self.instant, since: Self.since).now())
        }
        let environment = TestClock.environment(Self.instant, since: Self.since).merging([
            "DATABASE_URL": database, "DATABASE_TIMEOUT": "30", "SOURCE": "seoul", "SEOUL_OPEN_DATA_KEY": "test-key",
            "SEOUL_OPEN_DATA_URL": seoul.baseURL, "SEOUL_CALL_INTERVAL": "1", "COLLECTION_INTERVAL": "1",
            "FORECAST_LEARNING": "off", "ADMIN_TOKEN": PushAlertTests.admin, "VAPID_SUBJECT": "mailto:ops@example.org",
            "PUSH_TEST_ENDPOINTS": "test-only", "PUSH_TIMEOUT": "5",
        ]) { $1 }
        let a = try ServerBinary(environment: environment)
        let b = try ServerBinary(environment: environment)
        defer {
            a.stop()
            b.stop()
        }
        let lease = "collector lease taken"
        let deadline = Date().addingTimeInterval(15)
        while !(a.log.contains(lease) || b.log.contains(lease)), Date() < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        let (collector, other) = a.log.contains(lease) ? (a, b) : (b, a)
        // Let the first collection arm every subscription, then cross.
        try await Task.sleep(for: .seconds(2.5))
        seoul.serve("POI105", body: try PushAlertTests.yeouido(occupied: 440))
        // The collector's watcher queues all 300 and wakes its dispatcher, which claims a batch and sends it 128 at
        // a time, each answered after 0.5 s; it is killed in the middle.
        var received = try await push.received()
        let started = Date()
        while received.count < 60, Date().timeIntervalSince(started) < 20 {
            try await Task.sleep(for: .milliseconds(20))
            received = try await push.received()
        }
        collector.signal(SIGKILL)
        _ = await collector.exitStatus(within: 5)
        let killedAt = try await push.received().count
        #expect(killedAt >= 60 && killedAt < Self.count, "killed mid-fan-out: \(killedAt) of \(Self.count) sent")
        // The other instance sends what was never claimed at once, and what the dead one had claimed once its
        // claim lapses (PUSH_TIMEOUT 5 s: 30 s, `PushDispatcher.holdFor`; the stand-in decrypts every push in Python,
        // so it is slower than a push service).
        var ids = Set<String>()
        let finish = Date()
        while ids.count < Self.count, Date().timeIntervalSince(finish) < 90 {
            try await Task.sleep(for: .milliseconds(200))
            ids = Set(try await push.received().map(\.id))
        }
        let afterKill = try await records.status(now: Date())
        #expect(ids.count == Self.count, "every subscription told; \(afterKill); \(other.log.suffix(3000))")
        let all = try await push.received()
        #expect(all.allSatisfy { $0.error == nil && $0.status == 201 })
        let twice = Dictionary(grouping: all, by: \.id).filter { $0.value.count > 1 }
        // In flight (two batches, 128 at once each), or answered and not yet recorded (at most a batch's worth).
        #expect(twice.count <= 2 * (128 + 64), "sent again only if its answer died with its sender: \(twice.count)")
        #expect(twice.values.allSatisfy { Set($0.map { $0.headers["topic"] ?? "" }).count == 1 })
        var status = try await records.status(now: Date())
        while status.pending > 0, Date().timeIntervalSince(finish) < 60 {  // the last answers are being recorded
            try await Task.sleep(for: .milliseconds(100))
            status = try await records.status(now: Date())
        }
        #expect(status.sent == Self.count && status.pending == 0, "each delivery recorded as sent once: \(status)")
    }
}
