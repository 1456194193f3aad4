import CurlHTTP
import Foundation
import Models
import ReferenceServer
import RequestProof
import ServerTrust
import Synchronization
import TestFixtures
import TestSupport
import Testing

/// Subscription writes with a Web Push target: every field checked, endpoints on push services only, the key in the
/// policy, a DELETE that stops one, and limits per install.
@Suite struct PushSubscriptionWriteTests {
    /// The RFC 8291 example's browser key and secret: a real point and 16 bytes.
    static let keys = WebPushTarget.Keys(
        p256dh: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
        auth: "BTBZMqHH6r4Tts7J_aSIgg")

    static func subscription(endpoint: String, keys: WebPushTarget.Keys = keys, install: String = "0123456789abcdef")
        -> PushSubscription
    {
        PushSubscription(
            installHash: install, lotId: "banpo-1", threshold: 20, push: WebPushTarget(endpoint: endpoint, keys: keys))
    }

    /// A backend that sends alerts by Web Push.
    static let pushing: @Sendable (inout ServerConfiguration) -> Void = {
        $0.push = PushConfiguration(subject: "mailto:ops@example.org")
    }

    static func write(_ session: SignedSession, _ body: Data) async throws -> (status: Int, detail: String) {
        let response = try await session.send("/v2/push/subscriptions", method: .post, body: body)
        let problem = try? ContractCoding.decode(Problem.self, from: response.body)
        return (response.status, problem?.detail ?? String(decoding: response.body, as: UTF8.self))
    }

    @Test func withoutAVAPIDSubjectThereIsNoKeyAndNoPushTargetButOlderBodiesStillWork() async throws {
        try await InProcessBackend.run { server in
            let session = try await SignedSession.bootstrap(server)
            #expect(session.grant.policy.pushPublicKey == nil)
            let refused = try await Self.write(
                session, try ContractCoding.encode(Self.subscription(endpoint: "https://fcm.googleapis.com/fcm/send/a"))
            )
            #expect(refused.status == 422 && refused.detail.contains("VAPID_SUBJECT"), "\(refused)")
            let older = try await Self.write(session, try Fixtures.contract("push-subscription.json"))
            #expect(older.status == 201, "\(older)")
        }
    }

    @Test func everyFieldIsCheckedAndEndpointsAreOnPushServicesOnly() async throws {
        try await InProcessBackend.configured(Self.pushing).run { server in
            var key: String?
            for _ in 0..<200 where key == nil {
                key = server.backend.policy.pushPublicKey
                if key == nil { try await Task.sleep(for: .milliseconds(10)) }
            }
            #expect(key?.count == 87, "the VAPID key is made at start and told in the policy")
            let session = try await SignedSession.bootstrap(server)
            let refusals: [(String, WebPushTarget.Keys, String)] = [
                ("https://127.0.0.1/push/1", Self.keys, "loopback, private or link-local"),
                ("https://10.0.0.1/push/1", Self.keys, "loopback, private or link-local"),
                ("https://[::1]/push/1", Self.keys, "loopback, private or link-local"),
                ("http://fcm.googleapis.com/fcm/send/a", Self.keys, "https"),
                ("https://push.example.org/a", Self.keys, "not a push service"),
                ("https://fcm.googleapis.com.evil.example/a", Self.keys, "not a push service"),
                ("https://fcm.googleapis.com/fcm/send/a", .init(p256dh: Self.keys.auth, auth: Self.keys.auth), "P-256"),
                ("https://fcm.googleapis.com/fcm/send/a", .init(p256dh: Self.keys.p256dh, auth: "AAAA"), "16 bytes"),
            ]
            for (endpoint, keys, reason) in refusals {
                let answer = try await Self.write(
                    session, try ContractCoding.encode(Self.subscription(endpoint: endpoint, keys: keys)))
                #expect(answer.status == 422 && answer.detail.contains(reason), "\(endpoint): \(answer)")
                #expect(
                    !answer.detail.contains("/push/1") && !answer.detail.contains("/fcm/send"), "no endpoint echoed")
            }
            for body in [
                #"{"installHash":"0123456789abcdef","lotId":"banpo-1","parkId":"banpo","threshold":5}"#,
                #"{"installHash":"0123456789abcdef","threshold":5}"#,
                #"{"installHash":"0123456789abcdef","parkId":"atlantis","threshold":5}"#,
                #"{"installHash":"0123456789abcdef","parkId":"banpo","threshold":5,"language":"fr"}"#,
                #"{"installHash":"0123456789abcdef","parkId":"banpo","threshold":5,"quietFrom":"22:00"}"#,
                #"{"installHash":"0123456789abcdef","parkId":"banpo","threshold":5,"push":{"endpoint":"https://fcm.googleapis.com/a","keys":{"p256dh":"x","auth":"y","extra":1}}}"#,
            ] {
                let answer = try await Self.write(session, Data(body.utf8))
                #expect(answer.status == 422, "\(body): \(answer)")
            }
            for endpoint in [
                "https://fcm.googleapis.com/fcm/send/abc:APA91b", "https://web.push.apple.com/QGx",
                "https://updates.push.services.mozilla.com/wpush/v2/gAAA",
                "https://wns2-par02p.notify.windows.com/w/?token=x",
            ] {
                let answer = try await Self.write(
                    session, try ContractCoding.encode(Self.subscription(endpoint: endpoint)))
                #expect(answer.status == 201, "\(endpoint): \(answer)")
            }
        }
    }

    /// A trip (`arriveAt`) is a lot's, within the forecast's reach, and is kept beside the standing alert on it.
    @Test func aTripIsToALotWithinTheForecastsReach() async throws {
        try await InProcessBackend.configured(Self.pushing).run { server in
            let session = try await SignedSession.bootstrap(server)
            var trip = Self.subscription(endpoint: "https://fcm.googleapis.com/fcm/send/trip")
            let refusals: [(Date, LotID?, ParkID?, String)] = [
                (TestClock.now().addingTimeInterval(-60), "banpo-1", nil, "in the next 180 minutes"),
                (TestClock.now().addingTimeInterval(4 * 3600), "banpo-1", nil, "in the next 180 minutes"),
                (TestClock.now().addingTimeInterval(600), nil, "banpo", "give lotId"),
            ]
            for (arrival, lot, park, reason) in refusals {
                trip.arriveAt = arrival
                trip.lotId = lot
                trip.parkId = park
                let answer = try await Self.write(session, try ContractCoding.encode(trip))
                #expect(answer.status == 422 && answer.detail.contains(reason), "\(arrival): \(answer)")
            }
            var silent = Self.subscription(endpoint: "https://fcm.googleapis.com/fcm/send/trip")
            silent.push = nil
            silent.arriveAt = TestClock.now().addingTimeInterval(600)
            let unpushed = try await Self.write(session, try ContractCoding.encode(silent))
            #expect(unpushed.status == 422 && unpushed.detail.contains("give push"), "\(unpushed)")
            let standing = try await Self.write(
                session, try ContractCoding.encode(Self.subscription(endpoint: "https://fcm.googleapis.com/fcm/send/a"))
            )
            trip.lotId = "banpo-1"
            trip.parkId = nil
            trip.arriveAt = TestClock.now().addingTimeInterval(40 * 60)
            let kept = try await Self.write(session, try ContractCoding.encode(trip))
            #expect(standing.status == 201 && kept.status == 201, "\(standing) \(kept)")
            #expect(try await server.backend.shared.push.status(now: .now).pushSubscriptions == 2)
        }
    }

    @Test func aDeleteStopsASubscriptionAndOnlyASignedOne() async throws {
        try await InProcessBackend.configured(Self.pushing).run { server in
            let session = try await SignedSession.bootstrap(server)
            let created = try await session.send(
                "/v2/push/subscriptions", method: .post,
                body: try ContractCoding.encode(Self.subscription(endpoint: "https://fcm.googleapis.com/fcm/send/a")))
            let id = try ContractCoding.decode(WriteAccepted.self, from: created.body).id
            #expect(id.hasPrefix("s-") && id.count == 34)
            let path = API.unsubscribe.path(subscription: id)
            let unsigned = try await server.transport.send(
                HTTPRequest(method: .delete, url: server.baseURL + path, deadline: Date().addingTimeInterval(5)))
            #expect(unsigned.status == 401)
            #expect(try await server.backend.shared.push.status(now: .now).pushSubscriptions == 1)
            let deleted = try await session.send(path, method: .delete)
            #expect(deleted.status == 204)
            #expect(try await server.backend.shared.push.status(now: .now).subscriptions == 0)
            #expect(try await session.send(path, method: .delete).status == 204, "stopping twice is not an error")
        }
    }

    @Test func anInstallKeepsAtMostTwentyAlerts() async throws {
        try await InProcessBackend.configured {
            $0.push = PushConfiguration(subject: "mailto:ops@example.org")
            $0.bootstrapBurst = 100
        }.run { server in
            let session = try await SignedSession.bootstrap(server)
            let lots = Catalog.bundled.lots.prefix(21)
            var statuses: [Int] = []
            for lot in lots {
                var subscription = Self.subscription(endpoint: "https://fcm.googleapis.com/fcm/send/\(lot.id.rawValue)")
                subscription.lotId = lot.id
                statuses.append(try await Self.write(session, try ContractCoding.encode(subscription)).status)
            }
            #expect(statuses.prefix(20).allSatisfy { $0 == 201 } && statuses.last == 422, "\(statuses)")
            // At the limit, changing one of the twenty (a new threshold for the same lot) replaces it.
            var changed = Self.subscription(endpoint: "https://fcm.googleapis.com/fcm/send/changed")
            changed.lotId = lots.first?.id
            changed.threshold = 5
            #expect(try await Self.write(session, try ContractCoding.encode(changed)).status == 201)
        }
    }

    @Test func aFloodOfWritesIsRateLimitedLikeBootstrap() async throws {
        try await InProcessBackend.configured {
            $0.push = PushConfiguration(subject: "mailto:ops@example.org")
            $0.bootstrapBurst = 3
            $0.bootstrapRefillPerSecond = 0
        }.run { server in
            let session = try await SignedSession.bootstrap(server)
            var statuses: [Int] = []
            for index in 0..<5 {
                let body = try ContractCoding.encode(
                    Self.subscription(endpoint: "https://fcm.googleapis.com/fcm/send/\(index)"))
                statuses.append(try await Self.write(session, body).status)
            }
            // Subscription writes have buckets of their own, as large as bootstrap's.
            #expect(statuses == [201, 201, 201, 429, 429], "\(statuses)")
        }
    }
}
