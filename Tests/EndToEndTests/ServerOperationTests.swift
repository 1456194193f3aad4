import CurlHTTP
import Foundation
import Models
import TestFixtures
import TestSupport
import Testing

/// `hangangjari-server serve` as an operator runs it: settings from the environment, an access log without secrets,
/// a clear refusal of a bad setting, and a graceful drain on SIGTERM.
@Suite struct ServerOperationTests {
    func get(_ url: String, headers: [(name: String, value: String)] = [], method: HTTPMethod = .get) async throws
        -> HTTPResponse
    {
        try await TestBackend.curl.send(
            HTTPRequest(
                method: method, url: url, headers: headers, body: method == .get ? nil : Data(),
                deadline: Date().addingTimeInterval(10)))
    }

    /// A port already taken: the server names the address and port, exits 75, and has called Seoul zero times (the
    /// collection waits for the port), so a restart loop spends nothing of the daily quota.
    @Test func aStartThatCannotBindCallsSeoulZeroTimes() async throws {
        let seoul = try SeoulStandIn(fixtures: [:])
        defer { seoul.stop() }
        let taken = try RawHTTPServer { _ in .closeImmediately }
        defer { taken.stop() }
        let run = try await Binaries.run(
            "hangangjari-server", ["serve"],
            environment: TestClock.environment().merging([
                "HOST": "127.0.0.1", "PORT": String(taken.port), "SOURCE": "seoul", "SEOUL_OPEN_DATA_KEY": "test-key",
                "SEOUL_OPEN_DATA_URL": seoul.baseURL, "HISTORY_PATH": "memory", "FORECAST_LEARNING": "off",
            ]) { $1 })
        #expect(run.status == 75, "\(run.stderr)")
        #expect(run.stderr.contains("cannot listen on 127.0.0.1:\(taken.port)"), "\(run.stderr)")
        #expect(seoul.totalCalls == 0, "Seoul called \(seoul.totalCalls) times: \(run.stderr)")
    }

    @Test func sigtermFinishesTheRequestsInFlightThenExits() async throws {
        let server = try ServerBinary(
            environment: ["HANGANGJARI_CLOCK": "2026-11-22T14:00:00+09:00"], arguments: ["--faults", "latency=4000"])
        defer { server.stop() }
        let request = try PlainRequest(port: server.port, path: "/v2/parks/banpo/home-summary")
        let deadline = Date().addingTimeInterval(10)
        while !request.isRead, Date() < deadline { try await Task.sleep(for: .milliseconds(10)) }
        try #require(request.isRead, "the server did not read the request within 10 s")
        server.signal(SIGTERM)
        let response = await offThePool { request.response() }
        #expect(response.hasPrefix("HTTP/1.1 200"), "a request in flight at SIGTERM is finished: \(response)")
        #expect(await server.exitStatus(within: 10) == 0, "log: \(server.log)")
        // The background work is a service of the same group: it stops after the server has drained.
        #expect(server.log.contains("collection stopped"), "log: \(server.log)")
        await #expect(throws: TransportError.self) { try await get(server.baseURL + "/v2/health/live") }
    }

    @Test func theAccessLogNamesEachRequestAndNoSecret() async throws {
        let token = "admin-token-for-the-access-log-test"
        let server = try ServerBinary(environment: [
            "ADMIN_TOKEN": token, "TRUSTED_PROXIES": "127.0.0.1", "ACCESS_LOG": "on",
        ])
        defer { server.stop() }
        #expect(try await get(server.baseURL + "/v2/health/ready").status == 200)
        #expect(
            try await get(server.baseURL + "/v2/parks", headers: [("X-Forwarded-For", "203.0.113.9")]).status == 200)
        let admin = try await get(
            server.baseURL + "/admin/policy?unsigned-reads=allow", headers: [("Authorization", "Bearer \(token)")],
            method: "POST")
        #expect(admin.status == 200)
        #expect(try await get(server.baseURL + "/admin/policy?unsigned-reads=deny", method: "POST").status == 401)
        let log = await server.log(containing: ["GET /v2/health/ready 200", "POST /admin/policy 401"])
        #expect(log.contains("GET /v2/health/ready 200"), "log: \(log)")
        #expect(log.contains("GET /v2/parks 200") && log.contains("client=203.0.113.9"), "log: \(log)")
        #expect(log.contains("POST /admin/policy 401"))
        #expect(log.contains("admin call refused"))
        #expect(!log.contains(token), "the admin token never reaches the log")
    }

    @Test func aBadSettingStopsTheServerAndNamesTheVariable() async throws {
        for (name, value) in [("PORT", "eighty"), ("TRUSTED_PROXIES", "proxy.local"), ("ADMIN_TOKEN", "short")] {
            let run = try await Binaries.run(
                "hangangjari-server", ["serve"],
                environment: ProcessInfo.processInfo.environment.merging([name: value]) { $1 })
            #expect(run.status != 0)
            #expect(run.stderr.contains(name), "\(name)=\(value): \(run.stderr)")
        }
    }

    @Test func keysWithoutADatabaseSayWhereKeysLive() async throws {
        let run = try await Binaries.run(
            "hangangjari-server", ["keys", "list"], environment: ["PATH": "/usr/bin:/bin"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("set DATABASE_URL"), "\(run.stderr)")
    }
}
