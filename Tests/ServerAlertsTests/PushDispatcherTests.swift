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
        for index in 0..<count { try await queue(records, index, host: "127.0.0.1:9") }
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
        let started = ContinuousClock.now
        while activity.waiting == 0, ContinuousClock.now - started < .seconds(10) {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(activity.waiting == 1 && sent.count.withLock { $0 } == 0, "a round is running")
        activity.end()
        #expect(await draining.value == 3)
        #expect(sent.count.withLock { $0 } == 3)
        #expect(try await records.status(now: Self.now).sent == 3)
    }

    /// One crossing for a subscription of its own, to `host`.
    static func queue(_ records: MemoryClientRecords, _ index: Int, host: String) async throws {
        let target = WebPushTarget(endpoint: "https://\(host)/push/\(index)", keys: PushSenderTests.keys)
        let subscription = PushSubscription(
            installHash: String(format: "%016x", index), lotId: "banpo-1", threshold: 20, language: "ko", push: target)
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

    /// Waits for `condition`, at most `seconds`; the time it took, or nil.
    static func waited(_ seconds: Double, _ condition: () async throws -> Bool) async rethrows -> Double? {
        let start = Date()
        while Date().timeIntervalSince(start) < seconds {
            if try await condition() { return Date().timeIntervalSince(start) }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return nil
    }

    /// One push service hangs with twenty deliveries (until the test lets them go): it holds at most `perHost` of
    /// them, and a crossing queued for another service meanwhile is sent and recorded while they still hang. The
    /// deadlines only bound a failure: the order is the test, so it holds however loaded the machine is.
    @Test func aHangingPushServiceHoldsOnlyItsOwnDeliveries() async throws {
        let records = MemoryClientRecords()
        let hanging = Mutex(0)
        let released = Mutex(false)
        let fast = Mutex(0)
        let transport = HTTPTransport { request throws(TransportError) in
            guard request.url.contains("127.0.0.2") else {
                fast.withLock { $0 += 1 }
                return HTTPResponse(status: 201, headers: [:], body: Data())
            }
            hanging.withLock { $0 += 1 }
            while !released.withLock({ $0 }) { try? await Task.sleep(for: .milliseconds(10)) }
            throw TransportError.timeout
        }
        let dispatcher = PushDispatcher(
            store: records,
            sender: PushSender(
                key: .generate(), subject: "mailto:ops@example.org", transport: transport,
                endpoints: PushEndpointPolicy(services: ["127.0.0.1", "127.0.0.2"], allowsLocalForTests: true),
                now: { Self.now }),
            now: { Self.now }, perHost: 8, poll: .seconds(60))
        for index in 0..<20 { try await Self.queue(records, index, host: "127.0.0.2") }
        let running = Task { await dispatcher.run() }
        defer {
            released.withLock { $0 = true }
            running.cancel()
        }
        dispatcher.wake()
        #expect(await Self.waited(60) { hanging.withLock { $0 } == 8 } != nil, "the hanging service gets 8 at once")
        try await Self.queue(records, 100, host: "127.0.0.1")
        dispatcher.wake()
        #expect(await Self.waited(60) { fast.withLock { $0 } == 1 } != nil, "sent while the others hang")
        let recorded = try await Self.waited(60) { try await records.status(now: Self.now).sent == 1 }
        #expect(recorded != nil, "its answer is recorded while the others hang")
        #expect(hanging.withLock { $0 } == 8, "no more than 8 to the hanging service")
    }
}
