import BenchmarkSupport
import CurlHTTP
import Foundation
import Models
import Networking
import RequestProof
import ServerTrust
import TestFixtures
import TestSupport
import Testing

/// The deployment as shipped: two `hangangjari-server` instances sharing token keys behind Debian's nginx with
/// `Deploy/nginx/hangangjari.conf`, driven by the real client over libcurl.
@Suite(.serialized) struct ProxyDeploymentTests {
    static let adminToken = "deployment-admin-token-" + randomHex(bytes: 8)

    struct Deployment {
        let a: ServerBinary
        let b: ServerBinary
        let proxy: Nginx

        func stop() {
            proxy.stop()
            a.stop()
            b.stop()
        }
    }

    func deploy() throws -> Deployment {
        var environment = TestClock.environment()
        environment["TOKEN_KEYS"] = TokenKeys.randomSetting()
        environment["TRUSTED_PROXIES"] = "127.0.0.1"
        environment["ADMIN_TOKEN"] = Self.adminToken
        environment["UNSIGNED_READS"] = "deny"
        environment["ACCESS_LOG"] = "on"
        let a = try ServerBinary(environment: environment)
        let b = try ServerBinary(environment: environment)
        return Deployment(
            a: a, b: b,
            proxy: try Nginx.shippedSite(repository: Fixtures.repositoryRoot, upstreamPorts: [a.port, b.port]))
    }

    func client(_ baseURL: String) -> APIClient {
        var configuration = APIConfiguration(baseURL: baseURL, appVersion: "0.1.0-test")
        configuration.strictSigning = true
        configuration.requestTimeout = .seconds(10)
        return APIClient(
            configuration: configuration, transport: TestBackend.curl.transport, store: .inMemory(),
            now: { TestClock.now() })
    }

    func post(_ url: String, headers: [(name: String, value: String)] = [], body: Data = Data()) async throws
        -> HTTPResponse
    {
        try await TestBackend.curl.send(
            HTTPRequest(method: "POST", url: url, headers: headers, body: body, deadline: Date().addingTimeInterval(10))
        )
    }

    @Test func thePagesAreServedThroughTheSiteCompressedAndOnlyForGetAndHead() async throws {
        let deployment = try deploy()
        defer { deployment.stop() }
        let browser = [("User-Agent", "Mozilla/5.0"), ("Accept-Language", "en"), ("Accept-Encoding", "gzip")]
        let page = try await TestBackend.curl.send(
            HTTPRequest(
                url: deployment.proxy.baseURL + "/p/banpo/parking", headers: browser,
                deadline: Date().addingTimeInterval(10)))
        #expect(page.status == 200)
        #expect(page.header("content-encoding") == "gzip")
        #expect(page.header("content-security-policy")?.contains("default-src 'none'") == true)
        let text = try await TestBackend.curl.send(
            HTTPRequest(
                url: deployment.proxy.baseURL + "/p/banpo?lang=en", headers: [("User-Agent", "curl/8.5.0")],
                deadline: Date().addingTimeInterval(10)))
        #expect(text.status == 200 && String(decoding: text.body, as: UTF8.self).contains("Banpo Hangang Park"))
        let posted = try await post(deployment.proxy.baseURL + "/p/banpo")
        #expect(posted.status == 405 && posted.header("allow") == "GET, HEAD")
    }

    @Test func aMethodARouteDoesNotTakeIsA405WithAllowEvenTheOnesNginxRefusesItself() async throws {
        let deployment = try deploy()
        defer { deployment.stop() }
        func send(_ method: HTTPMethod, _ path: String) async throws -> HTTPResponse {
            try await TestBackend.curl.send(
                HTTPRequest(
                    method: method, url: deployment.proxy.baseURL + path, deadline: Date().addingTimeInterval(10)))
        }
        for (method, path, allowed) in [
            (HTTPMethod("TRACE"), "/v2/parks", "GET"), ("DELETE", "/v2/parks", "GET"),
            ("TRACE", "/v2/bootstrap", "POST"),
        ] {
            let response = try await send(method, path)
            #expect(response.status == 405, "\(method) \(path)")
            #expect(response.header("allow") == allowed, "\(method) \(path)")
            #expect(response.header("content-type") == "application/problem+json", "\(method) \(path)")
        }
        // Not a way around the site's refusals.
        #expect(try await send("TRACE", "/admin/policy").status == 404)
        #expect(try await send("TRACE", "/metrics").status == 404)
    }

    @Test func signedReadsWorkOnBothInstancesAndSurviveTheIssuerBeingKilled() async throws {
        let deployment = try deploy()
        defer { deployment.stop() }
        let client = client(deployment.proxy.baseURL)
        for _ in 0..<6 {
            #expect(try await client.homeSummary("banpo").value.park.id == "banpo")
        }
        // Round robin: both instances served signed reads made with the one token.
        let served = "GET /v2/parks/banpo/home-summary 200"
        #expect(await deployment.a.log(containing: [served]).contains(served), "a: \(deployment.a.log)")
        #expect(await deployment.b.log(containing: [served]).contains(served), "b: \(deployment.b.log)")
        // Kill the instance that issued the token, without warning: nginx retries reads on the other, the token holds.
        let issuer = deployment.a.log.contains("POST /v2/bootstrap 200") ? deployment.a : deployment.b
        issuer.signal(SIGKILL)
        _ = await issuer.exitStatus(within: 5)
        var failures: [String] = []
        for _ in 0..<20 {
            do { _ = try await client.homeSummary("banpo") } catch { failures.append(error.description) }
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func adminCallsThroughTheProxyAreRefusedWhateverTheToken() async throws {
        let deployment = try deploy()
        defer { deployment.stop() }
        let url = deployment.proxy.baseURL + "/admin/policy?unsigned-reads=allow"
        #expect(try await post(url).status == 404)
        #expect(try await post(url, headers: [("Authorization", "Bearer wrong-token-0123456789")]).status == 404)
        #expect(try await post(url, headers: [("Authorization", "Bearer \(Self.adminToken)")]).status == 404)
        #expect(
            try await TestBackend.curl.send(
                HTTPRequest(url: deployment.proxy.baseURL + "/metrics", deadline: Date().addingTimeInterval(5))
            ).status == 404)
        // On the instance's own port, from this host, the token works and a wrong one does not.
        #expect(
            try await post(
                deployment.a.baseURL + "/admin/policy?unsigned-reads=deny",
                headers: [("Authorization", "Bearer wrong-token-0123456789")]
            ).status == 401)
        #expect(
            try await post(
                deployment.a.baseURL + "/admin/policy?unsigned-reads=deny",
                headers: [("Authorization", "Bearer \(Self.adminToken)")]
            ).status == 200)
    }

    @Test func aForgedForwardedForChangesNothing() async throws {
        let deployment = try deploy()
        defer { deployment.stop() }
        var statuses: [Int] = []
        for n in 0..<50 {
            let body = try ContractCoding.encode(
                BootstrapRequest(installId: String(format: "%032x", n + 1), app: "tests", appVersion: "0"))
            let response = try await post(
                deployment.proxy.baseURL + "/v2/bootstrap",
                headers: [("Content-Type", "application/json"), ("X-Forwarded-For", "203.0.113.\(n)")], body: body)
            statuses.append(response.status)
        }
        // Every call is the same client (this host) to both instances: their per-address buckets (20 each) run out.
        #expect(statuses.contains(429), "\(statuses)")
        // Both instances took bootstraps (round robin); wait for their lines, not for a while.
        let logs =
            await deployment.a.log(containing: ["POST /v2/bootstrap"])
            + deployment.b.log(containing: ["POST /v2/bootstrap"])
        #expect(logs.contains("client=127.0.0.1"))
        #expect(!logs.contains("client=203.0.113."), "a forged hop reached the rate limiter")
    }
}
