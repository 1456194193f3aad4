import CurlHTTP
import Foundation
import Models
import ServerFaults
import ServerHTTP
import TestSupport
import Testing

/// Behind a proxy every peer is the proxy: admin calls need the admin token from any address, `X-Forwarded-For` is
/// believed only from trusted proxies, rate limits follow the client and the install, and every request has a deadline.
@Suite struct DeploymentSecurityTests {
    func send(
        _ server: TestBackend, _ path: String, method: HTTPMethod = .get, headers: [(name: String, value: String)] = [],
        body: Data? = nil
    ) async throws -> HTTPResponse {
        try await TestBackend.curl.send(
            HTTPRequest(
                method: method, url: server.baseURL + path, headers: headers, body: body,
                deadline: Date().addingTimeInterval(5)))
    }

    func code(_ response: HTTPResponse) -> String? {
        (try? ContractCoding.decode(Problem.self, from: response.body))?.code.rawValue
    }

    func bootstrap(_ server: TestBackend, install: String, forwardedFor: String? = nil) async throws -> Int {
        let body = try ContractCoding.encode(BootstrapRequest(installId: install, app: "tests", appVersion: "0"))
        var headers: [(name: String, value: String)] = [("Content-Type", "application/json")]
        if let forwardedFor { headers.append(("X-Forwarded-For", forwardedFor)) }
        return try await send(server, "/v2/bootstrap", method: "POST", headers: headers, body: body).status
    }

    static func install(_ n: Int) -> String { String(repeating: "0", count: 31) + String(n, radix: 16) }

    @Test func adminRoutesDoNotExistWithoutAToken() async throws {
        let server = try await TestBackend.start { $0.adminToken = nil }
        defer { Task { await server.stop() } }
        // Loopback used to be enough; now nothing is.
        let response = try await send(server, "/admin/faults?spec=garbage", method: "POST")
        #expect(response.status == 404)
        #expect(server.backend.faults.current == FaultSettings())
    }

    @Test func adminCallsNeedTheTokenFromEveryAddress() async throws {
        let server = try await TestBackend.start()
        defer { Task { await server.stop() } }
        let missing = try await send(server, "/admin/policy?unsigned-reads=deny", method: "POST")
        #expect(missing.status == 401)
        #expect(code(missing) == "token_missing")
        #expect(missing.headers.contains { $0.key.lowercased() == "www-authenticate" })
        let wrong = try await send(
            server, "/admin/policy?unsigned-reads=deny", method: "POST",
            headers: [("Authorization", "Bearer not-the-admin-token")])
        #expect(wrong.status == 401)
        #expect(code(wrong) == "token_invalid")
        #expect(server.backend.policy.unsignedReadsAllowed)
        try await server.admin("/admin/policy?unsigned-reads=deny")
        #expect(!server.backend.policy.unsignedReadsAllowed)
    }

    @Test func aForgedForwardedForFromAnUntrustedPeerChangesNothing() async throws {
        let server = try await TestBackend.start {
            $0.bootstrapBurst = 2
            $0.bootstrapRefillPerSecond = 0.0001
        }
        defer { Task { await server.stop() } }
        // Each call claims another client; the peer (loopback, not trusted) is what counts.
        #expect(try await bootstrap(server, install: Self.install(1), forwardedFor: "203.0.113.1") == 200)
        #expect(try await bootstrap(server, install: Self.install(2), forwardedFor: "203.0.113.2") == 200)
        #expect(try await bootstrap(server, install: Self.install(3), forwardedFor: "203.0.113.3") == 429)
    }

    @Test func behindATrustedProxyEachClientAndEachInstallHasItsOwnBucket() async throws {
        let server = try await TestBackend.start {
            $0.bootstrapBurst = 2
            $0.bootstrapRefillPerSecond = 0.0001
            $0.trustedProxies = try! TrustedProxies(parsing: "127.0.0.1/32, ::1")
        }
        defer { Task { await server.stop() } }
        // Two clients behind the proxy: two buckets.
        #expect(try await bootstrap(server, install: Self.install(1), forwardedFor: "203.0.113.1") == 200)
        #expect(try await bootstrap(server, install: Self.install(2), forwardedFor: "203.0.113.1") == 200)
        #expect(try await bootstrap(server, install: Self.install(3), forwardedFor: "203.0.113.1") == 429)
        #expect(try await bootstrap(server, install: Self.install(4), forwardedFor: "203.0.113.2") == 200)
        // A client prepending a forged hop is still known by the hop the proxy saw.
        #expect(try await bootstrap(server, install: Self.install(5), forwardedFor: "198.51.100.9, 203.0.113.1") == 429)
        // One install hopping between addresses is limited by its install id.
        #expect(try await bootstrap(server, install: Self.install(6), forwardedFor: "203.0.113.10") == 200)
        #expect(try await bootstrap(server, install: Self.install(6), forwardedFor: "203.0.113.11") == 200)
        #expect(try await bootstrap(server, install: Self.install(6), forwardedFor: "203.0.113.12") == 429)
    }

    @Test func aSlowRequestIsAnsweredAtTheDeadline() async throws {
        let server = try await TestBackend.start {
            $0.faults = try! FaultSettings(parsing: "latency=10000")
            $0.requestTimeout = .milliseconds(300)
        }
        defer { Task { await server.stop() } }
        let started = Date()
        let response = try await send(server, "/v2/parks/banpo/home-summary")
        // Far sooner than the injected 10 s latency, with room for a loaded 2-core machine (the whole suite runs in
        // parallel, status bars and compositors included).
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(response.status == 503)
        #expect(code(response) == "request_timeout")
        // Fast routes are untouched.
        #expect(try await send(server, "/v2/health/live").status == 200)
    }

    @Test func readinessNamesWhatItChecked() async throws {
        let server = try await TestBackend.start()
        defer { Task { await server.stop() } }
        let response = try await send(server, "/v2/health/ready")
        #expect(response.status == 200)
        let health = try ContractCoding.decode(HealthResponse.self, from: response.body)
        #expect(health.status == .known(.ok))
        #expect(health.checks?.map(\.name) == ["history", "collection", "collector", "parking"])
        #expect(try await send(server, "/v2/health/ready", method: "POST").status == 405)
    }

    @Test func everyEndpointIsServedAtItsMethodAndRefusesAnotherWithItsAllowList() async throws {
        let server = try await TestBackend.start()
        defer { Task { await server.stop() } }
        for route in API.routes {
            let path = route.path(park: "banpo", subscription: "s-0123456789abcdef0123456789abcdef")
            let body = route.method == .post ? Data() : nil
            let served = try await send(server, path, method: route.method, body: body)
            #expect(![404, 405].contains(served.status), "\(route.method) \(path): \(served.status)")
            let other: HTTPMethod = route.method == .delete ? "PUT" : "DELETE"
            let refused = try await send(server, path, method: other)
            #expect(refused.status == 405, "\(other) \(path)")
            #expect(refused.header("allow") == route.method.rawValue, "\(other) \(path)")
        }
    }

    @Test func aServerWithNothingCollectedIsAliveButNotReady() async throws {
        let server = try await TestBackend.start { $0.faults = try! FaultSettings(parsing: "failing-sources") }
        defer { Task { await server.stop() } }
        #expect(try await send(server, "/v2/health/live").status == 200)
        let response = try await send(server, "/v2/health/ready")
        #expect(response.status == 503)
        let health = try ContractCoding.decode(HealthResponse.self, from: response.body)
        #expect(health.checks?.first { !$0.ok }?.name == "parking")
    }
}
