import CurlHTTP
import Foundation
import Models
import ServerAlerts
import ServerTrust
import Synchronization
import TestFixtures
import TestSupport
import Testing
import WebPush

@Suite struct PushSenderTests {
    static let keys = WebPushTarget.Keys(
        p256dh: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
        auth: "BTBZMqHH6r4Tts7J_aSIgg")
    static let now = TestClock.daytime

    static func delivery(_ endpoint: String, attempts: Int = 0) -> PushDelivery {
        PushDelivery(
            id: 1, subscriptionId: "s-1", target: WebPushTarget(endpoint: endpoint, keys: keys),
            payload: Data(#"{"notification":{}}"#.utf8), topic: "alert-banpo-1", createdAt: now,
            expiresAt: now.addingTimeInterval(900), attempts: attempts)
    }

    @Test func eachAnswerMeansOneThing() {
        let at = Self.now
        #expect(PushSender.outcome(status: 201, retryAfter: nil, attempts: 0, now: at) == .sent)
        #expect(PushSender.outcome(status: 404, retryAfter: nil, attempts: 0, now: at) == .gone)
        #expect(PushSender.outcome(status: 410, retryAfter: nil, attempts: 0, now: at) == .gone)
        #expect(PushSender.outcome(status: 413, retryAfter: nil, attempts: 0, now: at) == .failed(reason: "too_large"))
        #expect(
            PushSender.outcome(status: 403, retryAfter: nil, attempts: 0, now: at) == .failed(reason: "refused_403"))
        #expect(
            PushSender.outcome(status: 429, retryAfter: "7", attempts: 0, now: at)
                == .retry(at: at.addingTimeInterval(7), reason: "rate_limited"))
        let date = "Mon, 23 Nov 2026 05:00:30 GMT"  // 30 s after 14:00 Seoul
        #expect(
            PushSender.outcome(status: 503, retryAfter: date, attempts: 0, now: at)
                == .retry(at: at.addingTimeInterval(30), reason: "server_error"))
        // Without Retry-After: 5 s, doubling.
        #expect(
            PushSender.outcome(status: 500, retryAfter: nil, attempts: 2, now: at)
                == .retry(at: at.addingTimeInterval(20), reason: "server_error"))
        #expect(
            PushSender.outcome(status: 500, retryAfter: nil, attempts: PushSender.maximumAttempts - 1, now: at)
                == .failed(reason: "gave_up"))
    }

    /// A push service that never answers: the attempt ends at the timeout, and the next one is due a backoff after
    /// that end, not after the start (with a 1 s timeout and a 5 s backoff: 6 s after the start, not 5).
    @Test func theBackoffCountsFromWhenAHangingAttemptTimedOut() async throws {
        let hanging = try RawHTTPServer { _ in .hang }
        defer { hanging.stop() }
        let sender = PushSender(
            key: .generate(), subject: "mailto:ops@example.org", transport: TestBackend.curl.transport,
            endpoints: PushEndpointPolicy(services: ["127.0.0.1"], allowsLocalForTests: true), timeout: 1,
            now: { Date() }, jitter: { 1 })
        for attempts in [0, 2] {
            let started = Date()
            let outcome = await sender.send(Self.delivery(hanging.baseURL + "/push/1", attempts: attempts))
            let returned = Date()
            guard case .retry(let at, let reason) = outcome else {
                Issue.record("\(outcome)")
                continue
            }
            let backoff = PushSender.backoff(afterAttempts: attempts)
            #expect(reason == "no_answer")
            // At least the timeout and the backoff after the start, at most the backoff after the attempt returned.
            #expect(at.timeIntervalSince(started) >= 1 + backoff - 0.05, "\(at.timeIntervalSince(started)) s")
            #expect(at.timeIntervalSince(returned) <= backoff + 0.05, "\(at.timeIntervalSince(returned)) s")
        }
        #expect(PushSender.schedule.hasPrefix("again 5 s, 10 s, 20 s, 40 s, 80 s after each failed attempt ends"))
    }

    @Test func theBackoffIsSpreadByTheJitter() {
        let at = Self.now
        for (jitter, seconds) in [(0.9, 18.0), (1.1, 22.0)] {
            #expect(
                PushSender.outcome(status: 500, retryAfter: nil, attempts: 2, now: at, jitter: jitter)
                    == .retry(at: at.addingTimeInterval(seconds), reason: "server_error"))
        }
        #expect(
            PushSender.outcome(status: 429, retryAfter: "7", attempts: 0, now: at, jitter: 1.1)
                == .retry(at: at.addingTimeInterval(7), reason: "rate_limited"), "Retry-After is not spread")
    }

    /// Without the test-only setting, an endpoint on this machine or a private network is refused before any
    /// connection is made.
    @Test func anEndpointOnLoopbackOrAPrivateNetworkIsNeverContacted() async throws {
        let contacted = Mutex(0)
        let local = try RawHTTPServer { _ in
            contacted.withLock { $0 += 1 }
            return .respond(RawHTTPServer.response(status: "201 Created", headers: [], body: Data()))
        }
        defer { local.stop() }
        let sender = PushSender(
            key: .generate(), subject: "mailto:ops@example.org",
            transport: TestBackend.curl.transport,
            endpoints: PushEndpointPolicy(services: ["127.0.0.1", "10.0.0.1", "localhost"]), now: { Self.now })
        for endpoint in [
            local.baseURL + "/push/1", "https://127.0.0.1:\(local.port)/push/1", "https://10.0.0.1/push/1",
            "https://localhost:\(local.port)/push/1",
        ] {
            let outcome = await sender.send(Self.delivery(endpoint))
            #expect(
                outcome == .failed(reason: "endpoint_local") || outcome == .failed(reason: "endpoint_not_allowed"),
                "\(endpoint): \(outcome)")
        }
        #expect(contacted.withLock { $0 } == 0)
    }

    @Test func aHostThatResolvesToLoopbackIsRefusedAtSending() {
        let policy = PushEndpointPolicy(services: ["localhost"])
        #expect(policy.check("https://localhost/push") == .success("localhost"))
        #expect(policy.refusalAfterResolving("localhost") == .localAddress(host: "localhost"))
        #expect(policy.refusalAfterResolving("no-such-host.invalid") == .unresolvable(host: "no-such-host.invalid"))
    }

    @Test func aHostIsResolvedOnceAMinuteHoweverManyPushesGoThere() async {
        let resolutions = Mutex(0)
        let clock = Mutex(Self.now)
        let sender = PushSender(
            key: .generate(), subject: "mailto:ops@example.org", transport: TestBackend.curl.transport,
            endpoints: PushEndpointPolicy(), now: { Self.now }, realTime: { clock.withLock { $0 } },
            resolve: { host in
                resolutions.withLock { $0 += 1 }
                return .localAddress(host: host)
            })
        let delivery = Self.delivery("https://fcm.googleapis.com/fcm/send/1")
        for _ in 0..<100 { #expect(await sender.send(delivery) == .failed(reason: "endpoint_local")) }
        #expect(resolutions.withLock { $0 } == 1)
        clock.withLock { $0 += 61 }
        #expect(await sender.send(delivery) == .failed(reason: "endpoint_local"))
        #expect(resolutions.withLock { $0 } == 2, "a minute later, resolved again")
    }
}
