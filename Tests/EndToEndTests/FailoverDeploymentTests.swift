import BenchmarkSupport
import CurlHTTP
import Foundation
import Models
import Networking
import ServerForecasting
import TestFixtures
import TestSupport
import Testing

/// Two `hangangjari-server` instances on one PostgreSQL database behind the shipped nginx site, the clock running
/// 60 times fast (a 5-minute history bucket every 5 real seconds) and parking read every second. The collecting
/// instance is killed with SIGKILL while the real client and wrk read through nginx.
@Suite(.serialized) struct FailoverDeploymentTests {
    static let interval = 1.0
    static let rate = 60.0

    @Test func killingTheCollectorLosesNoRequestNoReadingAndNoToken() async throws {
        let cluster = try await PostgresCluster.shared()
        let database = try await cluster.createDatabase()
        let since = Date()
        let environment = [
            WallClock.environmentVariable: WallClock.environmentValue(
                pinning: TestClock.daytime, since: since, rate: Self.rate),
            "DATABASE_URL": database, "COLLECTION_INTERVAL": "\(Self.interval)", "ACCESS_LOG": "on",
            "DATABASE_TIMEOUT": "30",
            "TRUSTED_PROXIES": "127.0.0.1",
        ]
        // No TOKEN_KEYS: the instances take their access keys from the database.
        let a = try ServerBinary(environment: environment)
        let b = try ServerBinary(environment: environment)
        let proxy = try Nginx.shippedSite(repository: Fixtures.repositoryRoot, upstreamPorts: [a.port, b.port])
        defer {
            proxy.stop()
            a.stop()
            b.stop()
        }
        // Exactly one collects.
        let lease = "collector lease taken"
        try await Self.waitFor(seconds: 10) { a.log.contains(lease) || b.log.contains(lease) }
        #expect(a.log.contains(lease) != b.log.contains(lease), "a: \(a.log)\nb: \(b.log)")
        let (collector, survivor) = a.log.contains(lease) ? (a, b) : (b, a)

        var configuration = APIConfiguration(baseURL: proxy.baseURL, appVersion: "0.1.0-test")
        configuration.strictSigning = true
        configuration.requestTimeout = .seconds(10)
        let clock = WallClock.pinned(at: TestClock.daytime, since: since, rate: Self.rate)
        let client = APIClient(
            configuration: configuration, transport: TestBackend.curl.transport, store: .inMemory(), now: clock.now)
        // The survivor serves what the collector publishes: the same body, so the same ETag, from either instance.
        _ = try await client.homeSummary("banpo")
        // The collector is writing history: every lot has a reading before it is killed.
        let written = Date()
        while Int(try await cluster.psql(database, "SELECT count(DISTINCT lot) FROM reading")) ?? 0 <= 20 {
            try #require(Date().timeIntervalSince(written) < 20, "no history written within 20 s")
            try await Task.sleep(for: .milliseconds(100))
        }

        let load = try Wrk.start(url: proxy.baseURL + "/v2/parks/banpo/home-summary", seconds: 6)
        // Killed while the load reaches both instances.
        let loaded = "GET /v2/parks/banpo/home-summary 200"
        let answered = (collector.log.occurrences(of: loaded), survivor.log.occurrences(of: loaded))
        try await Self.waitFor(seconds: 10) {
            collector.log.occurrences(of: loaded) > answered.0 + 20
                && survivor.log.occurrences(of: loaded) > answered.1 + 20
        }
        collector.signal(SIGKILL)
        let killed = Date()
        // Watched every 10 ms on a thread of its own, so that neither a slow client request nor other tests holding
        // the cooperative pool's threads (two on a two-core machine) delay the moment it is seen.
        let tookOver = Task {
            await offThePool { () -> Double? in
                while Date().timeIntervalSince(killed) < 8 {
                    if survivor.log.contains(lease) { return Date().timeIntervalSince(killed) }
                    usleep(10_000)
                }
                return nil
            }
        }
        _ = await collector.exitStatus(within: 5)
        var failures: [String] = []
        while Date().timeIntervalSince(killed) < 4 {
            do { _ = try await client.homeSummary("banpo") } catch { failures.append(error.description) }
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(failures.isEmpty, "the client saw \(failures)")
        // The survivor took collection over within two intervals.
        let takeover = try #require(await tookOver.value, "\(survivor.log)")
        #expect(takeover <= 2 * Self.interval, "took over after \(takeover) s")
        // And says so in its readiness, through the proxy.
        let ready = try await TestBackend.curl.send(
            HTTPRequest(url: proxy.baseURL + "/v2/health/ready", deadline: Date().addingTimeInterval(5)))
        #expect(ready.status == 200)
        let health = try ContractCoding.decode(HealthResponse.self, from: ready.body)
        #expect(health.checks?.first { $0.name == "collector" }?.detail == "this instance collects", "\(health)")
        let report = try await load.finish()
        #expect(report.requests > 100 && report.errors == 0 && report.non2xx == 0, "\(report.text)")

        // History: one row per lot and bucket (the key), and no bucket missing between the first and the last.
        let gaps = try await cluster.psql(
            database,
            """
            SELECT count(*) FROM (SELECT lot, count(*) AS n, max(bucket) - min(bucket) + 1 AS span
            FROM reading GROUP BY lot) AS per_lot WHERE n <> span
            """)
        let spans = try await cluster.psql(database, "SELECT max(bucket) - min(bucket) + 1 FROM reading")
        #expect(gaps == "0", "lots with a gap in their history: \(gaps)")
        #expect((Int(spans) ?? 0) >= 2, "history covers \(spans) buckets")
        let newest = try await cluster.psql(database, "SELECT count(DISTINCT lot) FROM reading")
        #expect((Int(newest) ?? 0) > 20, "\(newest) lots recorded")

        // The operator rotates the keys: the client's token (from either instance) still works, and the new key is
        // listed as signing.
        let listed = try await Self.keys(["list"], database: database)
        #expect(listed.split(separator: "\n").count == 1 && listed.contains("\tsigns"), "\(listed)")
        let rotated = try await Self.keys(["rotate"], database: database)
        #expect(rotated.contains("signs now; the keys before it verify for 3660 s more"), "\(rotated)")
        _ = try await client.homeSummary("banpo")
        let after = try await Self.keys(["list"], database: database).split(separator: "\n")
        #expect(after.count == 2 && after[0].hasSuffix("signs") && after[1].contains("verifies until"), "\(after)")
    }

    /// Runs `hangangjari-server keys ARGUMENTS` with the database given in the environment; its standard output.
    static func keys(_ arguments: [String], database: String) async throws -> String {
        let run = try await Binaries.run(
            "hangangjari-server", ["keys"] + arguments, environment: ["DATABASE_URL": database])
        #expect(run.status == 0, "keys \(arguments): \(run.stderr)")
        return run.stdout
    }

    static func waitFor(seconds: Double, _ condition: () -> Bool) async throws {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            try #require(Date() < deadline, "timed out")
            try await Task.sleep(for: .milliseconds(50))
        }
    }
}

extension String {
    /// How many times `text` occurs, without overlaps.
    func occurrences(of text: String) -> Int { components(separatedBy: text).count - 1 }
}
