import CurlHTTP
import Foundation
import Models
import Networking
import Synchronization
import TestFixtures
import TestSupport
import Testing

/// The API client against the real reference server over loopback, through libcurl.
@Suite(.serialized) struct APIClientTests {
    @Test func signedReadOfHomeSummary() async throws {
        let server = try await TestBackend.start()
        defer { Task { await server.stop() } }
        let client = server.client()
        let fetched = try await client.homeSummary("yeouido")
        #expect(fetched.value.park.id == "yeouido")
        #expect(fetched.signed)
        #expect(fetched.etag != nil)
        #expect(fetched.value.freshness.isSimulated)
        #expect(await client.diagnostics.bootstraps == 1)
    }

    @Test func conditionalRequestsUseTheCachedBody() async throws {
        let server = try await TestBackend.start()
        defer { Task { await server.stop() } }
        let client = server.client()
        let first = try await client.homeSummary("banpo")
        let etag = try #require(first.etag)
        let second = try await client.homeSummary("banpo", cached: CachedBody(etag: etag, body: first.body))
        #expect(second.notModified)
        #expect(second.value == first.value)
        // A 304 with no cached body refetches unconditionally.
        let third = try await client.homeSummary("banpo", cached: CachedBody(etag: etag, body: nil))
        #expect(!third.notModified)
        #expect(third.value == first.value)
    }

    @Test func unknownParkIsAProblemWithItsCode() async throws {
        let server = try await TestBackend.start()
        defer { Task { await server.stop() } }
        await #expect(throws: APIError.self) { try await server.client().homeSummary("yeoido") }
        do {
            _ = try await server.client().homeSummary("yeoido")
        } catch {
            #expect(error.problemCode == "unknown_park")
        }
    }

    @Test func expiredTokenIsRenewed() async throws {
        let server = try await TestBackend.start { $0.tokenLifetime = 120 }
        defer { Task { await server.stop() } }
        let client = server.client()
        _ = try await client.parking("yeouido")
        // The server's clock jumps past the token's expiry; the client still thinks it is valid.
        server.clockOffset.seconds = 200
        let fetched = try await client.parking("yeouido")
        #expect(fetched.signed)
        #expect(await client.diagnostics.bootstraps == 2)
    }

    @Test func tokenIsRenewedBeforeExpiry() async throws {
        let server = try await TestBackend.start { $0.tokenLifetime = 90 }
        defer { Task { await server.stop() } }
        let offset = ClockOffset()
        let client = server.client(now: { Date().addingTimeInterval(offset.seconds) })
        _ = try await client.outing("nanji")
        offset.seconds = 40  // 50 s left: under a minute, so renewed before use
        _ = try await client.outing("nanji")
        #expect(await client.diagnostics.bootstraps == 2)
    }

    @Test(arguments: [600.0, -600.0])
    func clockSkewIsCorrected(_ skew: TimeInterval) async throws {
        let server = try await TestBackend.start()
        defer { Task { await server.stop() } }
        server.clockOffset.seconds = skew
        let client = server.client()
        let fetched = try await client.forecast("jamsil")
        #expect(fetched.signed)
        let offset = try #require(await client.diagnostics.clockOffsetSeconds)
        #expect(abs(offset - skew) < 5)
    }

    @Test func proofRejectedFallsBackUnsignedWhenPolicyAllows() async throws {
        let server = try await TestBackend.start { $0.bootstrapBurst = 0 }
        defer { Task { await server.stop() } }
        let store = CredentialStore.inMemory()
        try store.save(forgedCredentials(server.baseURL, policy: .allow))
        let client = server.client(store: store)
        let fetched = try await client.homeSummary("yeouido")
        #expect(!fetched.signed)
        let diagnostics = await client.diagnostics
        #expect(diagnostics.unsignedFallbacks == 1)
        #expect(
            diagnostics.lastFallbackReason?.contains("proof refused") == true
                || diagnostics.lastFallbackReason?.contains("no request proof") == true)
    }

    @Test func proofRejectedFailsWhenPolicyDenies() async throws {
        let server = try await TestBackend.start {
            $0.bootstrapBurst = 0
            $0.unsignedReadsAllowed = false
        }
        defer { Task { await server.stop() } }
        let store = CredentialStore.inMemory()
        try store.save(forgedCredentials(server.baseURL, policy: .deny))
        await #expect(throws: APIError.self) { try await server.client(store: store).homeSummary("yeouido") }
    }

    @Test func strictSettingForbidsFallback() async throws {
        let server = try await TestBackend.start { $0.bootstrapBurst = 0 }
        defer { Task { await server.stop() } }
        let store = CredentialStore.inMemory()
        try store.save(forgedCredentials(server.baseURL, policy: .allow))
        do {
            _ = try await server.client(store: store, strict: true).homeSummary("yeouido")
            Issue.record("strict client fell back")
        } catch {
            guard case .unsignedNotAllowed(let reason) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(reason.contains("strict"))
        }
    }

    @Test func aWriteIsNeverSentUnsigned() async throws {
        let server = try await TestBackend.start { $0.bootstrapBurst = 0 }
        defer { Task { await server.stop() } }
        let sent = SentRequests()
        let recording = HTTPTransport { request throws(TransportError) in
            sent.record(request)
            return try await TestBackend.curl.send(request)
        }
        let client = server.client(transport: recording)
        let batch = TelemetryBatch(
            installHash: "0123456789abcdef", appVersion: "0.1.0",
            events: [TelemetryEvent(kind: .known(.appStart), at: Date())])
        await #expect(throws: APIError.self) { try await client.sendTelemetry(batch) }
        #expect(!sent.lines.contains { $0.contains("/v2/telemetry") && $0.hasSuffix("signed=false") })
        #expect(!sent.lines.contains { $0.contains("/v2/telemetry") })
    }

    @Test func signedWritesAreAcceptedAndIdempotent() async throws {
        let server = try await TestBackend.start()
        defer { Task { await server.stop() } }
        let client = server.client()
        let batch = TelemetryBatch(
            installHash: "0123456789abcdef", appVersion: "0.1.0",
            events: [TelemetryEvent(kind: .known(.widgetRefresh), at: Date(), durationMs: 12)])
        let first = try await client.sendTelemetry(batch, idempotencyKey: "key-00000001")
        let again = try await client.sendTelemetry(batch, idempotencyKey: "key-00000001")
        #expect(first == again)
        #expect(first.accepted == 1)
        let subscription = try await client.subscribe(
            PushSubscription(installHash: "0123456789abcdef", lotId: "yeouido-3", threshold: 20))
        #expect(subscription.accepted == 1)
    }

    @Test func policyTighteningIsFollowedFromTheNextRequest() async throws {
        let server = try await TestBackend.start { $0.bootstrapBurst = 0 }
        defer { Task { await server.stop() } }
        let store = CredentialStore.inMemory()
        try store.save(forgedCredentials(server.baseURL, policy: .allow))
        let client = server.client(store: store)
        #expect(try await !client.homeSummary("yeouido").signed)
        try await server.admin("/admin/policy?unsigned-reads=deny")
        await #expect(throws: APIError.self) { try await client.homeSummary("yeouido") }
        #expect(await client.diagnostics.unsignedReadsAllowed == false)
    }

    @Test func fiftyConcurrentRequests() async throws {
        let server = try await TestBackend.start()
        defer { Task { await server.stop() } }
        let client = server.client()
        let parks = Catalog.bundled.parks.map(\.id)
        let results = await withTaskGroup(of: Bool.self) { group in
            for i in 0..<50 {
                group.addTask {
                    (try? await client.homeSummary(parks[i % parks.count]).value.park.id) == parks[i % parks.count]
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.count == 50)
        #expect(results.allSatisfy { $0 })
        #expect(await client.diagnostics.bootstraps == 1)
    }

    @Test func contractFaultsBecomeTypedErrors() async throws {
        let server = try await TestBackend.start()
        defer { Task { await server.stop() } }
        let client = server.client()
        try await server.admin("/admin/faults?spec=truncate")
        await expectContractError(client) { if case .malformedJSON = $0 { true } else { false } }
        try await server.admin("/admin/faults?spec=garbage")
        await expectContractError(client) { if case .malformedJSON = $0 { true } else { false } }
        try await server.admin("/admin/faults?spec=wrong-park")
        await expectContractError(client) {
            $0 == .wrongPark(expected: "yeouido", received: "yanghwa")
                || { if case .wrongPark = $0 { true } else { false } }($0)
        }
    }

    @Test func serverErrorsAreRetried() async throws {
        let server = try await TestBackend.start { $0.faults.serverErrorEvery = 2 }
        defer { Task { await server.stop() } }
        let client = server.client()
        for _ in 0..<4 { _ = try await client.parking("mangwon") }
    }

    @Test func slowServerHitsTheDeadline() async throws {
        let server = try await TestBackend.start { $0.faults.latency = .seconds(3) }
        defer { Task { await server.stop() } }
        let started = Date()
        do {
            _ = try await server.client(timeout: .seconds(1)).homeSummary("yeouido")
            Issue.record("expected a timeout")
        } catch {
            #expect(error == .transport(.timeout))
        }
        #expect(Date().timeIntervalSince(started) < 2.5)
    }

    private func expectContractError(_ client: APIClient, _ matches: (ContractError) -> Bool) async {
        do {
            _ = try await client.homeSummary("yeouido")
            Issue.record("expected a contract error")
        } catch {
            guard case .contract(let contract) = error, matches(contract) else {
                Issue.record("got \(error)")
                return
            }
        }
    }
}

/// Credentials whose token exists nowhere on the server: every proof is refused and cannot be renewed
/// (bootstrap is rate-limited to zero in these tests).
func forgedCredentials(_ baseURL: String, policy: UnsignedReadPolicy) -> Credentials {
    Credentials(
        baseURL: baseURL, accessToken: "hjt_forged", tokenExpiresAt: Date().addingTimeInterval(3600),
        signingKey: SigningKey(keyId: "k-forged", secret: Data(repeating: 7, count: 32).base64EncodedString()),
        policy: ClientPolicy(unsignedReads: .known(policy)), clockOffset: 0)
}

/// A signed read that fails for a reason other than a refused proof reports that reason and never goes out
/// unsigned, even when the server allows unsigned reads.
struct SignedReadFailureTests {
    /// The real curl transport, recording whether each request carried a proof.
    static func recording(_ transport: CurlTransport, into sent: SentRequests) -> HTTPTransport {
        HTTPTransport { request throws(TransportError) in
            sent.record(request)
            return try await transport.send(request)
        }
    }

    /// A transport of the test's own: the shared one's connection cache may hold a live connection to an earlier
    /// test's server on the same port number, and a read sent on it would wait for an answer that never comes.
    /// A configuration whose deadline no loaded machine reaches: these tests are about which failure is named, and
    /// with every suite running at once a read may wait seconds for a thread before it is even sent.
    static func generous(_ baseURL: String) -> APIConfiguration {
        var configuration = APIConfiguration(baseURL: baseURL, appVersion: "0.1.0-test")
        configuration.requestTimeout = .seconds(60)
        return configuration
    }

    static func ownTransport() -> CurlTransport {
        CurlTransport(configuration: TransportConfiguration(userAgent: "hangangjari-test"))
    }

    @Test func anOversizedAnswerIsTooLargeNotAReasonToGoUnsigned() async throws {
        let server = try await TestBackend.start()
        defer { Task { await server.stop() } }
        var small = TransportConfiguration(userAgent: "hangangjari-test")
        small.maxResponseBytes = 1500  // the bootstrap answer fits; a home summary does not
        let sent = SentRequests()
        let client = server.client(transport: Self.recording(CurlTransport(configuration: small), into: sent))
        do {
            _ = try await client.homeSummary("yeouido")
            Issue.record("an oversized answer was accepted")
        } catch {
            #expect(error == .transport(.tooLarge(limit: 1500)))
        }
        #expect(!sent.lines.contains { $0.contains("/home-summary") && $0.hasSuffix("signed=false") }, "\(sent.lines)")
        #expect(await client.diagnostics.unsignedFallbacks == 0)
    }

    @Test func anUnreachableServerIsUnreachableNotUnsigned() async throws {
        let port = try RefusingPort()
        let client = APIClient(
            configuration: Self.generous(port.baseURL),
            transport: Self.ownTransport().transport, store: .inMemory())
        do {
            _ = try await client.homeSummary("yeouido")
            Issue.record("read from a closed port")
        } catch {
            #expect(error == .transport(.connectionRefused))
        }
    }

    @Test func aCutBootstrapAnswerIsTruncatedNotUnsigned() async throws {
        let sent = SentRequests()
        let raw = try RawHTTPServer { _ in
            .respond(RawHTTPServer.response(body: Data("{\"accessToken\":".utf8), contentLength: 400))
        }
        defer { raw.stop() }
        let client = APIClient(
            configuration: Self.generous(raw.baseURL),
            transport: Self.recording(Self.ownTransport(), into: sent), store: .inMemory())
        do {
            _ = try await client.homeSummary("yeouido")
            Issue.record("read through a cut bootstrap answer")
        } catch {
            #expect(error == .transport(.truncated))
        }
        #expect(!sent.lines.contains { $0.contains("/home-summary") }, "\(sent.lines)")
    }
}

/// Each request a recording transport sent, as `METHOD URL signed=BOOL`.
final class SentRequests: Sendable {
    private let sent = Mutex<[String]>([])

    var lines: [String] { sent.withLock { $0 } }

    func record(_ request: HTTPRequest) {
        let signed = request.headers.contains { $0.name == "Signature" }
        sent.withLock { $0.append("\(request.method) \(request.url) signed=\(signed)") }
    }
}
