import BenchmarkSupport
import CurlHTTP
import Foundation
import Models
import RequestProof
import TestFixtures
import TestSupport
import Testing

/// The real server started with the environment the shipped unit and its PostgreSQL drop-in give it (systemd is not
/// PID 1 here, so this test reads their `Environment=` and `LoadCredential=` lines; `Tools/deploy/check-systemd-unit`
/// has systemd verify the files). Each credential is a file named as the unit loads it.
@Suite struct SystemdUnitEnvironmentTests {
    static let unitDirectory = Fixtures.repositoryRoot.appendingPathComponent("Deploy/systemd")

    @Test func theDatabaseDropInTakesHistoryAndKeysToPostgreSQL() async throws {
        let cluster = try await PostgresCluster.shared()
        let database = try await cluster.createDatabase()
        let unit = try SystemdUnit(
            Self.unitDirectory.appendingPathComponent("hangangjari-server@.service"),
            dropIns: [Self.unitDirectory.appendingPathComponent("hangangjari-server@.service.d/database.conf")])
        let credentials = FileManager.default.temporaryDirectory.appendingPathComponent("hj-creds-\(UUID())")
        try FileManager.default.createDirectory(at: credentials, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: credentials) }
        let contents = [
            "database-url": database, "admin-token": "systemd-admin-" + randomHex(bytes: 8),
            "seoul-open-data-key": "not-a-real-key",
            "token-keys": "fromfile:" + Data(repeating: 3, count: 32).base64EncodedString(),
        ]
        #expect(Set(unit.credentials) == Set(contents.keys), "the test writes each credential the unit loads")
        for (name, value) in contents {
            try Data((value + "\n").utf8).write(to: credentials.appendingPathComponent(name))
        }
        let environment = unit.environment(instance: "0", credentialsDirectory: credentials.path)
        #expect(environment["HISTORY_PATH"] == "" && environment["TOKEN_KEYS_FILE"] == "", "\(environment)")

        let server = try ServerBinary(environment: environment)
        defer { server.stop() }
        // Ready once it holds the database's collector lease and has collected.
        try await FailoverDeploymentTests.waitFor(seconds: 15) { server.log.contains("collector lease taken") }
        var ready = 0
        for _ in 0..<100 where ready != 200 {
            ready = try await TestBackend.curl.send(
                HTTPRequest(
                    method: .get, url: server.baseURL + "/v2/health/ready", deadline: Date().addingTimeInterval(10))
            ).status
            if ready != 200 { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(ready == 200, "\(server.log)")

        // The token is sealed by the database's root key, not by the token-keys credential the drop-in clears.
        let body = try ContractCoding.encode(
            BootstrapRequest(installId: "5e7d0c1a2b3c4d5e6f708192a3b4c5d6", app: "tests", appVersion: "0"))
        let bootstrap = try await TestBackend.curl.send(
            HTTPRequest(
                method: .post, url: server.baseURL + "/v2/bootstrap", headers: [("Content-Type", "application/json")],
                body: body, deadline: Date().addingTimeInterval(10)))
        let token = try ContractCoding.decode(BootstrapResponse.self, from: bootstrap.body).accessToken
        #expect(!token.hasPrefix("hjt_fromfile."), "\(token)")
        let listed = try await Binaries.run(
            "hangangjari-server", ["keys", "list"], environment: ["DATABASE_URL": database])
        let rootId = token.dropFirst("hjt_".count).prefix { $0 != "." }
        #expect(listed.stdout.hasPrefix(rootId + "\t"), "\(listed.stdout) \(listed.stderr)")
    }

    /// Two instances of the unit alone (SQLite) in its one state directory: the second refuses to start, naming the
    /// first and PostgreSQL, so phones never see two push keys and Seoul is never called twice; it starts once the
    /// first has stopped.
    @Test func aSecondInstanceOnSQLiteInTheStateDirectoryRefusesToStart() async throws {
        let unit = try SystemdUnit(
            Self.unitDirectory.appendingPathComponent("hangangjari-server@.service"), dropIns: [])
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("hj-state-\(UUID())")
        defer { try? FileManager.default.removeItem(at: state) }
        func environment(_ instance: String) -> [String: String] {
            var environment = unit.environment(instance: instance, credentialsDirectory: state.path)
            // The unit's paths, moved from /var/lib/hangangjari into this test's directory; a free port.
            environment["HISTORY_PATH"] = environment["HISTORY_PATH"]?.replacingOccurrences(
                of: "/var/lib/hangangjari", with: state.path)
            for name in ["SEOUL_OPEN_DATA_KEY_FILE", "ADMIN_TOKEN_FILE", "TOKEN_KEYS_FILE"] { environment[name] = nil }
            environment["PORT"] = "0"
            environment["VAPID_SUBJECT"] = "mailto:ops@example.org"
            return environment
        }
        #expect(environment("8081")["HISTORY_PATH"] == state.path + "/history-8081.sqlite")
        let first = try ServerBinary(environment: environment("8081"))
        defer { first.stop() }
        let policy = try await TestBackend.curl.send(
            HTTPRequest(url: first.baseURL + "/v2/config/policy", deadline: Date().addingTimeInterval(10)))
        #expect(try ContractCoding.decode(ClientPolicy.self, from: policy.body).pushPublicKey != nil)

        let second = try await Binaries.run("hangangjari-server", ["serve"], environment: environment("8082"))
        #expect(second.status == 78, "\(second.stderr)")
        #expect(
            second.stderr.contains("another instance (pid \(first.process.processIdentifier), history-8081.sqlite)"))
        #expect(second.stderr.contains(state.path) && second.stderr.contains("DATABASE_URL"), "\(second.stderr)")
        #expect(!second.stdout.contains("listening on"), "it never served")
        #expect(!FileManager.default.fileExists(atPath: state.path + "/history-8082.sqlite"), "nor made a store")

        first.stop()
        let after = try ServerBinary(environment: environment("8082"))
        after.stop()
    }
}

/// The `Environment=` and `LoadCredential=` lines of a unit and its drop-ins, in the order systemd applies them.
struct SystemdUnit {
    /// `NAME=VALUE` assignments, later ones overriding earlier ones.
    private(set) var assignments: [(name: String, value: String)] = []
    /// The ids of `LoadCredential=ID:PATH`.
    private(set) var credentials: [String] = []

    init(_ unit: URL, dropIns: [URL]) throws {
        for file in [unit] + dropIns {
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
                if let assignment = line.wholeMatch(of: /Environment=([A-Z_]+)=([^"'\s]*)/) {
                    assignments.append((String(assignment.1), String(assignment.2)))
                } else if line.hasPrefix("Environment") && !line.hasPrefix("EnvironmentFile=-") {
                    // Quoting or several assignments on one line would need systemd's own parser.
                    throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "unread: \(line)"])
                } else if let credential = line.wholeMatch(of: /LoadCredential=([a-z-]+):\S+/) {
                    credentials.append(String(credential.1))
                }
            }
        }
    }

    /// The environment with `%i` (the instance), `%d` (the credentials directory) and `%%` replaced.
    func environment(instance: String, credentialsDirectory: String) -> [String: String] {
        var environment: [String: String] = [:]
        for (name, value) in assignments {
            environment[name] = value.replacingOccurrences(of: "%%", with: "\u{0}")
                .replacingOccurrences(of: "%i", with: instance)
                .replacingOccurrences(of: "%d", with: credentialsDirectory)
                .replacingOccurrences(of: "\u{0}", with: "%")
        }
        return environment
    }
}
