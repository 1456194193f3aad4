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

/// Two `hangangjari-server` instances on one PostgreSQL database send the alerts of one crossing of 2,000
/// subscriptions side by side; the one sending is killed with SIGKILL halfway and the other finishes. Every
/// subscription is told, each delivery is recorded as sent once, and a push is sent again only if its answer died
/// with its sender (in flight at the kill), under the same Topic, which push services collapse. The counts are
/// printed.
@Suite(.serialized) struct PushFailoverTests {
    static let instant = PushAlertTests.instant
    static let since = PushAlertTests.since
    static let count = 2000
    /// How long the stand-in takes to answer each push.
    static let answerDelay = 0.5

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
        try await withThrowingTaskGroup(of: Void.self) { group in
            for lane in 0..<8 {
                group.addTask {
                    for index in stride(from: lane, to: Self.count, by: 8) {
                        let id = "p-\(index)"
                        let target = try await push.subscribe(id)
                        try await push.script(id, [("201", nil)], delay: Self.answerDelay)
                        let subscription = PushSubscription(
                            installHash: String(format: "0123456789ab%04d", index), lotId: "yeouido-1", threshold: 30,
                            language: "ko", push: target)
                        _ = try await records.applyOnce(
                            ClientWrite(
                                idempotencyKey: "k-\(id)", answer: Data(),
                                effect: .subscription(id: "s-\(id)", subscription)),
                            now: TestClock.clock(Self.instant, since: Self.since).now())
                    }
                }
            }
            try await group.waitForAll()
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
        // A collection asked for by an operator returns when its listeners have acted: every subscription is armed.
        let armed = try await TestBackend.curl.send(
            HTTPRequest(
                method: .post, url: collector.baseURL + "/admin/faults?spec=none",
                headers: [("Authorization", "Bearer \(PushAlertTests.admin)")],
                deadline: Date().addingTimeInterval(30)))
        try #require(armed.status == 204)
        seoul.serve("POI105", body: try PushAlertTests.yeouido(occupied: 440))
        // The collector's watcher queues all 2,000 and wakes its dispatcher, which sends at most 96 at once to this
        // one push service, each answered after 0.5 s; it is killed halfway.
        let crossed = Date()
        var sent = try await push.receivedCount()
        while sent < Self.count / 2, Date().timeIntervalSince(crossed) < 60 {
            try await Task.sleep(for: .milliseconds(20))
            sent = try await push.receivedCount()
        }
        let killedAt = Date().timeIntervalSince1970
        collector.signal(SIGKILL)
        _ = await collector.exitStatus(within: 5)
        let beforeKill = try await push.received().filter { $0.at <= killedAt }.count
        #expect(
            beforeKill >= Self.count / 2 && beforeKill < Self.count,
            "killed halfway: \(beforeKill) of \(Self.count) sent")
        // The other instance sends what was never claimed at once, and what the dead one had claimed once its
        // claim lapses (PUSH_TIMEOUT 5 s: 30 s, `PushDispatcher.holdFor`).
        var told = 0
        let finish = Date()
        while told < Self.count, Date().timeIntervalSince(finish) < 120 {
            try await Task.sleep(for: .milliseconds(250))
            if try await push.receivedCount() >= Self.count { told = Set(try await push.received().map(\.id)).count }
        }
        let finishedAfter = Date().timeIntervalSince(finish)
        let afterKill = try await records.status(now: Date())
        #expect(told == Self.count, "every subscription told; \(afterKill); \(other.log.suffix(3000))")
        let all = try await push.received()
        #expect(all.allSatisfy { $0.error == nil && $0.status == 201 })
        let twice = Dictionary(grouping: all, by: \.id).filter { $0.value.count > 1 }
        // In flight at the kill: received by the push service, its answer not yet written; and answered within the
        // second before it, which the dead instance may not have read or recorded yet (its recorder writes every
        // answer that came while its last write ran).
        let inFlight = all.filter { $0.at <= killedAt && ($0.answeredAt ?? .infinity) > killedAt }.count
        let answeredLastSecond = all.filter { answer in
            answer.answeredAt.map { $0 <= killedAt && $0 > killedAt - 1 } ?? false
        }.count
        print(
            "fan-out kill: \(Self.count) subscriptions; \(beforeKill) pushes before the kill, \(inFlight) of them in "
                + "flight, \(answeredLastSecond) answered in the second before; every subscription told \(String(format: "%.1f", finishedAfter)) s after it; "
                + "\(twice.count) told twice, \(all.count) pushes in all")
        #expect(
            twice.count <= inFlight + answeredLastSecond,
            "sent again only if its answer died with its sender: \(twice.count)")
        #expect(twice.values.allSatisfy { Set($0.map { $0.headers["topic"] ?? "" }).count == 1 })
        var status = try await records.status(now: Date())
        while status.pending > 0, Date().timeIntervalSince(finish) < 180 {  // the last answers are being recorded
            try await Task.sleep(for: .milliseconds(100))
            status = try await records.status(now: Date())
        }
        #expect(status.sent == Self.count && status.pending == 0, "each delivery recorded as sent once: \(status)")
    }
}
