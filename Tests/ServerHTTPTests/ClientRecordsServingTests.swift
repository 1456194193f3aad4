import CurlHTTP
import Foundation
import Models
import ReferenceServer
import ServerForecasting
import ServerTrust
import TestFixtures
import TestSupport
import Testing

/// The routes keep what clients send in the injected client record store, and say so when it cannot be reached.
@Suite struct ClientRecordsServingTests {
    /// A store whose database is down.
    struct UnreachableRecords: ClientRecordStore, PushStore {
        struct Down: Error, CustomStringConvertible {
            var description: String { "the database did not answer within 5 s" }
        }

        func spendNonce(_ nonce: SpentNonce, now: Date, until: Date) async throws -> Bool { throw Down() }
        func applyOnce(_ write: ClientWrite, now: Date) async throws -> Data { throw Down() }
        func subscriptions() async throws -> [StoredSubscription] { throw Down() }
        func telemetryCounts() async throws -> [TelemetryCount] { throw Down() }
        func watched() async throws -> [WatchedSubscription] { throw Down() }
        func apply(_ changes: AlertChanges, now: Date) async throws -> Int { throw Down() }
        func claim(limit: Int, now: Date, holdFor: TimeInterval) async throws -> [PushDelivery] { throw Down() }
        func finish(_ finished: [FinishedDelivery], now: Date) async throws { throw Down() }
        func removeSubscription(id: String) async throws -> Bool { throw Down() }
        func subscriptionCounts(install: String, besides target: String) async throws -> (install: Int, total: Int) {
            throw Down()
        }
        func status(now: Date) async throws -> PushStatus { throw Down() }
        func vapidKey(orStore new: Data) async throws -> Data { throw Down() }
    }

    static let telemetry = Data(
        #"{"installHash":"0123456789abcdef","appVersion":"0","events":[{"kind":"app_start","at":"2026-11-23T14:00:00+09:00"},{"kind":"app_start","at":"2026-11-23T14:01:00+09:00"},{"kind":"widget_refresh","at":"2026-11-23T14:02:00+09:00"}]}"#
            .utf8)

    @Test func telemetryIsCountedBySeoulDayAndKindOncePerKey() async throws {
        try await InProcessBackend.run { server in
            let session = try await SignedSession.bootstrap(server)
            let first = try await session.send("/v2/telemetry", method: "POST", body: Self.telemetry, nonce: "t-1")
            #expect(first.status == 202)
            // The retry has a new proof but the same key.
            let sameKey: (inout [(name: String, value: String)]) -> Void = { headers in
                headers.removeAll { $0.name == "Idempotency-Key" }
                headers.append(("Idempotency-Key", "idem-t-1"))
            }
            let retried = try await session.send(
                "/v2/telemetry", method: "POST", body: Self.telemetry, tamper: sameKey, nonce: "t-2")
            #expect(retried.status == 202 && retried.body == first.body)
            let day = ISO8601.seoulDay(TestClock.now())
            #expect(
                try await server.backend.shared.records.telemetryCounts() == [
                    TelemetryCount(day: day, kind: "app_start", count: 2),
                    TelemetryCount(day: day, kind: "widget_refresh", count: 1),
                ])
        }
    }

    @Test func aStoreThatIsDownRefusesSignedRequestsAndWritesAsSuchWhileUnsignedReadsGoOn() async throws {
        try await InProcessBackend.configured(
            shared: SharedState(
                history: MemoryHistoryStore(), lease: .always, exchange: .none, records: UnreachableRecords(),
                run: {})
        ).run { server in
            let session = try await SignedSession.bootstrap(server)
            let signed = try await session.send("/v2/parks/banpo/home-summary")
            #expect(signed.status == 503)
            #expect(SignedSession.code(signed) == "storage_unavailable")
            let problem = try ContractCoding.decode(Problem.self, from: signed.body)
            #expect(problem.detail?.contains("replay check") == true && problem.detail?.contains("5 s") == true)
            let write = try await session.send("/v2/telemetry", method: "POST", body: Self.telemetry)
            #expect(write.status == 503)
            #expect(SignedSession.code(write) == "storage_unavailable")
            let unsigned = try await server.transport.send(
                HTTPRequest(
                    url: server.baseURL + "/v2/parks/banpo/home-summary", deadline: Date().addingTimeInterval(5)))
            #expect(unsigned.status == 200)
        }
    }

    @Test func keysThatCannotBeLoadedRefuseBootstrapAsSuch() async throws {
        try await InProcessBackend.configured(
            shared: SharedState(
                history: MemoryHistoryStore(), lease: .always, exchange: .none, records: MemoryClientRecords(),
                tokenKeys: TokenKeySource { throw UnreachableRecords.Down() }, run: {})
        ).run { server in
            let response = try await SignedSession.bootstrapResponse(server.baseURL, transport: server.transport)
            #expect(response.status == 503)
            #expect(SignedSession.code(response) == "storage_unavailable")
        }
    }

    /// Shared buckets that cannot be reached: bootstrap goes on, limited by this instance's own buckets rather than
    /// refused for everyone or let through without limit.
    @Test func bucketsThatCannotBeReachedLimitPerInstance() async throws {
        let shared = SharedState(
            history: MemoryHistoryStore(), lease: .always, exchange: .none, records: MemoryClientRecords(),
            rateBuckets: RateBuckets { _, _, _ in throw UnreachableRecords.Down() }, run: {})
        try await InProcessBackend.configured(shared: shared) {
            $0.bootstrapBurst = 2
            $0.bootstrapRefillPerSecond = 0  // however slow the calls, no token comes back
        }.run { server in
            var statuses: [Int] = []
            for _ in 0..<3 {
                statuses.append(
                    try await SignedSession.bootstrapResponse(server.baseURL, transport: server.transport).status)
            }
            #expect(statuses == [200, 200, 429])
        }
    }
}
