import CurlHTTP
import Foundation
import Models
import ServerAlerts
import ServerCollection
import ServerTrust
import Synchronization
import TestFixtures
import Testing
import WebPush

/// The dispatcher sends what the outbox holds, and steps aside while a collection round runs.
@Suite struct PushDispatcherTests {
    static let now = TestClock.daytime

    /// An outbox with `count` crossings queued, and a push service that answers 201 and counts.
    final class Sent: Sendable { let count = Mutex(0) }

    static func queued(_ count: Int) async throws -> (MemoryClientRecords, HTTPTransport, Sent) {
        let records = MemoryClientRecords()
        let receiver = PushSenderTests.keys
        for index in 0..<count {
            let target = WebPushTarget(endpoint: "https://127.0.0.1:9/push/\(index)", keys: receiver)
            let subscription = PushSubscription(
                installHash: String(format: "%016x", index), lotId: "banpo-1", threshold: 20, language: "ko",
                push: target)
            _ = try await records.applyOnce(
                ClientWrite(
                    idempotencyKey: "k\(index)", answer: Data(), effect: .subscription(id: "s-\(index)", subscription)),
                now: now)
            _ = try await records.apply(
                AlertChanges(crossings: [
                    AlertCrossing(
                        subscriptionId: "s-\(index)", target: target, payload: Data("{}".utf8), topic: "alert-banpo-1",
                        createdAt: now, expiresAt: now.addingTimeInterval(900))
                ]), now: now)
        }
        let sent = Sent()
        let transport = HTTPTransport { _ in
            sent.count.withLock { $0 += 1 }
            return HTTPResponse(status: 201, headers: [:], body: Data())
        }
        return (records, transport, sent)
    }

    @Test func nothingIsSentWhileARoundRunsAndAllOfItAfter() async throws {
        let (records, transport, sent) = try await Self.queued(3)
        let activity = RoundActivity()
        let dispatcher = PushDispatcher(
            store: records,
            sender: PushSender(
                key: .generate(), subject: "mailto:ops@example.org", transport: transport,
                endpoints: PushEndpointPolicy(services: ["127.0.0.1"], allowsLocalForTests: true), now: { Self.now }),
            now: { Self.now }, stepAside: { await activity.whenIdle() })
        activity.begin()
        let draining = Task { await dispatcher.drain() }
        try await Task.sleep(for: .milliseconds(100))
        #expect(sent.count.withLock { $0 } == 0, "a round is running")
        activity.end()
        #expect(await draining.value == 3)
        #expect(sent.count.withLock { $0 } == 3)
        #expect(try await records.status(now: Self.now).sent == 3)
    }
}
