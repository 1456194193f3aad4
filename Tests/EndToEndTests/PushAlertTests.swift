import CurlHTTP
import Foundation
import Models
import RequestProof
import TestFixtures
import TestSupport
import Testing

/// Alerts that reach the phone, end to end: the real server binary reads the Seoul stand-in, whose counts cross a
/// threshold, and sends Web Push to a stand-in push service that checks VAPID and decrypts each message with the
/// subscription's private key (`cryptography`, `http_ece`).
@Suite(.serialized) struct PushAlertTests {
    /// The fixture's day, 14:05 in Seoul; its counts were observed at 13:58.
    static let instant = ISO8601.parse("2026-08-26T14:05:00+09:00")!
    static let since = Date()
    static let admin = "push-admin-token-" + randomHex(bytes: 8)

    /// The Yeouido fixture with lot 1's occupied count set (462 spaces: 440 occupied leaves 22 free).
    static func yeouido(occupied: Int) throws -> Data {
        var object = try #require(
            try JSONSerialization.jsonObject(with: SeoulStandIn.fixture("citydata-yeouido-poi105.json"))
                as? [String: Any])
        var city = try #require(object["CITYDATA"] as? [String: Any])
        var lots = try #require(city["PRK_STTS"] as? [[String: Any]])
        for index in lots.indices
        where lots[index]["PRK_CD"] as? String == "1010001" && lots[index]["CUR_PRK_YN"] as? String == "Y" {
            lots[index]["CUR_PRK_CNT"] = String(occupied)
        }
        city["PRK_STTS"] = lots
        object["CITYDATA"] = city
        return try JSONSerialization.data(withJSONObject: object)
    }

    struct Deployment {
        let seoul: SeoulStandIn
        let push: PushServiceStandIn
        let server: ServerBinary
        let session: SignedSession
        let directory: URL

        /// Serves lot 1 with `occupied` cars, then has the server collect now; returns how long the collection took
        /// (its listeners included, sending not).
        @discardableResult
        func collect(occupied: Int, faults: String = "none") async throws -> TimeInterval {
            seoul.serve("POI105", body: try PushAlertTests.yeouido(occupied: occupied))
            // The call budget lets one read per area and second through: a round within the second reuses the last
            // answer, so collect again until Seoul is asked.
            let before = seoul.calls("POI105")
            let deadline = Date().addingTimeInterval(10)
            while true {
                let asked = Date()
                let response = try await TestBackend.curl.send(
                    HTTPRequest(
                        method: .post, url: server.baseURL + "/admin/faults?spec=\(faults)",
                        headers: [("Authorization", "Bearer \(PushAlertTests.admin)")],
                        deadline: Date().addingTimeInterval(10)))
                #expect(response.status == 204)
                if seoul.calls("POI105") > before { return Date().timeIntervalSince(asked) }
                try #require(Date() < deadline, "Seoul was not asked again within 10 s")
                try await Task.sleep(for: .milliseconds(100))
            }
        }

        func subscribe(_ subscription: PushSubscription, nonce: String = randomHex(bytes: 8)) async throws
            -> HTTPResponse
        {
            try await session.send(
                "/v2/push/subscriptions", method: .post, body: try ContractCoding.encode(subscription),
                created: Int(
                    TestClock.clock(PushAlertTests.instant, since: PushAlertTests.since).now().timeIntervalSince1970),
                nonce: nonce)
        }

        func stop() {
            server.stop()
            push.stop()
            seoul.stop()
            try? FileManager.default.removeItem(at: directory)
        }
    }

    static func deploy() async throws -> Deployment {
        let seoul = try SeoulStandIn(fixtures: ["POI105": "citydata-yeouido-poi105.json"])
        seoul.serve("POI105", body: try yeouido(occupied: 400))
        let push = try PushServiceStandIn()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hj-push-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let server = try ServerBinary(
            environment: TestClock.environment(instant, since: since).merging([
                "SOURCE": "seoul", "SEOUL_OPEN_DATA_KEY": "test-key", "SEOUL_OPEN_DATA_URL": seoul.baseURL,
                "SEOUL_CALL_INTERVAL": "1", "COLLECTION_INTERVAL": "3600", "FORECAST_LEARNING": "off",
                "HISTORY_PATH": directory.appendingPathComponent("server.sqlite").path, "ADMIN_TOKEN": admin,
                "VAPID_SUBJECT": "mailto:ops@example.org", "PUSH_TEST_ENDPOINTS": "test-only", "PUSH_TIMEOUT": "2",
            ]) { $1 })
        let session = try await SignedSession.bootstrap(server.baseURL)
        return Deployment(seoul: seoul, push: push, server: server, session: session, directory: directory)
    }

    @Test func oneNotificationPerCrossingWithTheValuesOfThatMoment() async throws {
        let deployment = try await Self.deploy()
        defer { deployment.stop() }
        // The key is made at first start and handed to pages through the policy.
        var key: String?
        for _ in 0..<100 where key == nil {
            let policy = try await TestBackend.curl.send(
                HTTPRequest(
                    url: deployment.server.baseURL + "/v2/config/policy", deadline: Date().addingTimeInterval(5)))
            key = try ContractCoding.decode(ClientPolicy.self, from: policy.body).pushPublicKey
            if key == nil { try await Task.sleep(for: .milliseconds(50)) }
        }
        #expect(key?.count == 87)

        let target = try await deployment.push.subscribe("lot1")
        let written = try await deployment.subscribe(
            PushSubscription(
                installHash: "0123456789abcdef", lotId: "yeouido-1", threshold: 30, quietFrom: "22:00",
                quietUntil: "07:00", language: "ko", push: target))
        #expect(written.status == 201, "\(String(decoding: written.body, as: UTF8.self))")

        try await deployment.collect(occupied: 440)  // 22 free: below 30
        let first = try await deployment.push.waitFor(1)
        #expect(first.count == 1, "\(deployment.server.log)")
        let message = try #require(first.first)
        #expect(message.error == nil, "\(message.error ?? "")")
        #expect(message.headers["urgency"] == "high" && message.headers["topic"] == "alert-yeouido-1")
        #expect(Int(message.headers["ttl"] ?? "") ?? 0 > 0 && Int(message.headers["ttl"] ?? "") ?? 0 <= 900)
        let notification = try #require(message.payload?["notification"] as? [String: Any])
        let data = try #require(notification["data"] as? [String: Any])
        let lot = try #require(Catalog.bundled.lot("yeouido-1"))
        #expect(notification["title"] as? String == "\(lot.nameKo) 자리 22면 남음", "\(notification)")
        #expect(data["url"] as? String == "/p/yeouido/parking" && data["available"] as? Int == 22)
        #expect(data["asOf"] as? String == "13:58 기준", "observed at 13:58, whenever it arrives")
        // The same value /v2 serves at that moment.
        let parking = try await deployment.session.send(
            "/v2/parks/yeouido/parking",
            created: Int(TestClock.clock(Self.instant, since: Self.since).now().timeIntervalSince1970))
        let served = try ContractCoding.decode(ParkingResponse.self, from: parking.body)
        #expect(served.parking.lots.first { $0.lot.id == "yeouido-1" }?.status.available == 22)

        try await deployment.collect(occupied: 445)  // still below: the same crossing
        try await deployment.collect(occupied: 400)  // 62 free: re-armed
        #expect(try await deployment.push.received().count == 1)
        try await deployment.collect(occupied: 450)  // a new crossing
        #expect(try await deployment.push.waitFor(2).count == 2)
        #expect(try await deployment.push.waitFor(2).last?.payload != nil)

        // Never from a stale value: parking three hours old crosses, and nothing is sent. The next push is the fresh
        // crossing that follows (a push from the stale one would have been queued, and sent, before it).
        try await deployment.collect(occupied: 400, faults: "stale-sources=parking")
        try await deployment.collect(occupied: 455, faults: "stale-sources=parking")
        try await deployment.collect(occupied: 400)
        try await deployment.collect(occupied: 455)
        let third = try await deployment.push.waitFor(3)
        let fresh = (third.last?.payload?["notification"] as? [String: Any])?["data"] as? [String: Any]
        #expect(third.count == 3 && fresh?["asOf"] as? String == "13:58 기준", "\(third.map(\.payload))")
    }

    @Test func quietHoursGoneSubscriptionsAndRetries() async throws {
        let deployment = try await Self.deploy()
        defer { deployment.stop() }
        let quiet = try await deployment.push.subscribe("quiet")
        let gone = try await deployment.push.subscribe("gone")
        let busy = try await deployment.push.subscribe("busy")
        let missing = try await deployment.push.subscribe("missing")
        let hanging = try await deployment.push.subscribe("hanging")
        try await deployment.push.script("gone", [("410", nil)])
        try await deployment.push.script("missing", [("404", nil)])
        try await deployment.push.script("busy", [("429", "1"), ("503", nil), ("201", nil)])
        try await deployment.push.script("hanging", [("hang", nil)])
        for (install, target, from, until) in [
            ("0123456789abcde1", quiet, "13:00", "15:00"), ("0123456789abcde2", gone, "22:00", "07:00"),
            ("0123456789abcde3", busy, "22:00", "07:00"), ("0123456789abcde4", missing, "22:00", "07:00"),
            ("0123456789abcde5", hanging, "22:00", "07:00"),
        ] {
            let response = try await deployment.subscribe(
                PushSubscription(
                    installHash: install, lotId: "yeouido-1", threshold: 30, quietFrom: from, quietUntil: until,
                    language: "en", push: target))
            #expect(response.status == 201)
        }
        let took = try await deployment.collect(occupied: 440)
        #expect(took < 5, "a push service that hangs holds up no collection: \(took) s")
        // gone: one push answered 410, missing 404; busy: 429 (retried after its Retry-After), 503 (after the
        // backoff), 201; hanging: never answered (PUSH_TIMEOUT 2 s), tried again later.
        var all = try await deployment.push.waitFor(7, within: 30)
        while all.filter({ $0.id == "busy" }).count < 3, all.count < 12 {
            all = try await deployment.push.waitFor(all.count + 1, within: 10)
        }
        #expect(all.filter { $0.id == "quiet" }.isEmpty, "none in quiet hours")
        #expect(all.filter { $0.id == "gone" }.map(\.status) == [410])
        #expect(all.filter { $0.id == "missing" }.map(\.status) == [404])
        #expect(all.filter { $0.id == "hanging" }.count >= 1)
        let busyTries = all.filter { $0.id == "busy" }
        #expect(busyTries.map(\.status) == [429, 503, 201])
        if busyTries.count >= 2 { #expect(busyTries[1].at - busyTries[0].at >= 0.9, "Retry-After: 1 was honoured") }
        let english = try #require(busyTries.last?.payload?["notification"] as? [String: Any])
        let lot = try #require(Catalog.bundled.lot("yeouido-1"))
        #expect(english["title"] as? String == "\(lot.nameEn): 22 spaces left", "\(english)")

        // The 410 removed its subscription: the status says so, with no endpoint in it.
        let status = try await Self.pushStatus(deployment)
        #expect(status.contains("subscriptions\t3 (3 by Web Push"), "\(status)")
        #expect(status.contains("gone\t2") && status.contains("sent\t1"), "\(status)")
        #expect(status.contains("retries\tagain 5 s, 10 s, 20 s"), "the schedule is told: \(status)")
        // Endpoints are secrets: neither the status nor the log names one.
        for text in [status, deployment.server.log] {
            #expect(
                !text.contains(deployment.push.baseURL) && !text.contains("/push/gone")
                    && !text.contains(gone.keys.auth))
        }
    }

    /// Trips ("I'm going") go through the same outbox and sender: a lot that fills before the arrival is told once
    /// through a push service that answers, one that is busy (tried again after its Retry-After), one that hangs
    /// (held only for its own timeout) and one that is gone (the trip removed).
    @Test func aTripThatFillsIsToldThroughBusyHangingAndGonePushServices() async throws {
        let deployment = try await Self.deploy()
        defer { deployment.stop() }
        let now = TestClock.clock(Self.instant, since: Self.since).now()
        let lot = try #require(Catalog.bundled.lot("yeouido-1"))
        let margin = AlertCondition.defaultThreshold(capacity: lot.capacity)
        try await deployment.push.script("busy", [("429", "1"), ("201", nil)])
        try await deployment.push.script("hanging", [("hang", nil)])
        try await deployment.push.script("gone", [("410", nil)])
        for (index, id) in ["sent", "busy", "hanging", "gone"].enumerated() {
            let target = try await deployment.push.subscribe(id)
            let response = try await deployment.subscribe(
                PushSubscription(
                    installHash: "0123456789abcde\(index)", lotId: lot.id, threshold: margin, language: "en",
                    push: target, arriveAt: now.addingTimeInterval(40 * 60)))
            #expect(response.status == 201, "\(String(decoding: response.body, as: UTF8.self))")
        }
        try await deployment.collect(occupied: 400)  // 62 free at arrival: over the margin, nothing sent
        // Nearly full: the next rounds' forecast at arrival falls under the margin (forecasts follow each round).
        var took: [TimeInterval] = []
        for _ in 0..<3 where try await deployment.push.receivedCount() == 0 {
            took.append(try await deployment.collect(occupied: lot.capacity - 2))
            _ = try? await deployment.push.waitFor(1, within: 3)
        }
        #expect(took.allSatisfy { $0 < 5 }, "a push service that hangs holds up no collection: \(took)")
        var all = try await deployment.push.waitFor(4, within: 30)
        while all.filter({ $0.id == "busy" }).count < 2, all.count < 8 {
            all = try await deployment.push.waitFor(all.count + 1, within: 10)
        }
        #expect(all.filter { $0.id == "sent" }.map(\.status) == [201], "told once")
        #expect(all.filter { $0.id == "busy" }.map(\.status) == [429, 201])
        #expect(all.filter { $0.id == "gone" }.map(\.status) == [410])
        #expect(all.filter { $0.id == "hanging" }.count >= 1)
        let sent = try #require(all.first { $0.id == "sent" }?.payload?["notification"] as? [String: Any])
        #expect((sent["title"] as? String)?.hasPrefix("\(lot.nameEn): about ") == true, "\(sent)")
        #expect((sent["body"] as? String)?.hasPrefix("Fewer than \(margin) spaces are forecast") == true, "\(sent)")
        #expect(sent["tag"] as? String == "alert-trip-yeouido-1")
        // The 410 removed its trip; the others are kept until their arrival.
        let status = try await Self.pushStatus(deployment)
        #expect(status.contains("subscriptions\t3 (3 by Web Push"), "\(status)")
    }

    static func pushStatus(_ deployment: Deployment) async throws -> String {
        let run = try await WidgetBinaryTests.runAsync(
            ["push", "status", "--history", deployment.directory.appendingPathComponent("server.sqlite").path],
            environment: [:], binary: Binaries.url("hangangjari-server"))
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout
    }
}
