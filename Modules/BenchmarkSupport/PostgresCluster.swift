import Foundation
import Models
import Synchronization

/// A throwaway PostgreSQL cluster for tests: Debian's server binaries (`Tools/setup` installs them), a data
/// directory under /tmp, a free loopback port and password authentication, as a deployment has. Started once per
/// test process, stopped when the process exits; each test takes its own database.
public final class PostgresCluster: Sendable {
    public struct Unavailable: Error, CustomStringConvertible {
        public let description: String
    }

    /// The user that owns the cluster.
    public static let user = "hangangjari"
    public let port: Int
    public let password: String
    let directory: String
    let bin: String

    /// The process's cluster, started on first use.
    public static func shared() async throws(Unavailable) -> PostgresCluster {
        try await offThePool { () throws(Unavailable) in try started.get() }
    }

    private static let started: Result<PostgresCluster, Unavailable> = {
        do throws(Unavailable) { return .success(try PostgresCluster()) } catch { return .failure(error) }
    }()

    /// A new empty database; its `DATABASE_URL`.
    public func createDatabase() async throws(Unavailable) -> String {
        let name = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(20)
        _ = try await psql(url(database: "postgres"), "CREATE DATABASE \(name)")
        return url(database: String(name))
    }

    /// `postgres://` for one of the cluster's databases, over TCP without TLS.
    public func url(database: String) -> String {
        "postgres://\(Self.user):\(password)@127.0.0.1:\(port)/\(database)?sslmode=disable"
    }

    /// Runs SQL with psql and returns its unaligned output (the password goes through the environment).
    public func psql(_ url: String, _ sql: String) async throws(Unavailable) -> String {
        let withoutPassword = url.replacingOccurrences(of: ":\(password)@", with: "@")
        let (bin, password) = (bin, password)
        return try await offThePool { () throws(Unavailable) in
            try Self.run(
                bin + "/psql", [withoutPassword, "-v", "ON_ERROR_STOP=1", "-Atc", sql], asOwner: false,
                environment: ["PGPASSWORD": password])
        }
    }

    private init() throws(Unavailable) {
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        guard let version = versions.compactMap(Int.init).max(),
            FileManager.default.isExecutableFile(atPath: "/usr/lib/postgresql/\(version)/bin/initdb")
        else {
            throw Unavailable(description: "no PostgreSQL server binaries: run Tools/setup (it installs postgresql)")
        }
        bin = "/usr/lib/postgresql/\(version)/bin"
        directory = "/tmp/hj-postgres-\(UUID().uuidString.prefix(8))"
        password = UUID().uuidString
        do { port = try LoopbackPort.free() } catch { throw Unavailable(description: "no free port") }
        let data = directory + "/data"
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try password.write(toFile: directory + "/password", atomically: true, encoding: .utf8)
        } catch {
            throw Unavailable(description: "cannot prepare \(directory): \(error)")
        }
        if getuid() == 0 { _ = try Self.run("/bin/chown", ["-R", "postgres:postgres", directory], asOwner: false) }
        _ = try Self.run(
            bin + "/initdb",
            [
                "-D", data, "-U", Self.user, "--pwfile=\(directory)/password", "-A", "scram-sha-256", "-E", "UTF8",
                "--locale=C", "--no-sync",
            ], asOwner: true)
        let options = "-p \(port) -k \(directory) -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200"
        _ = try Self.run(
            bin + "/pg_ctl", ["-D", data, "-l", directory + "/log", "-w", "-o", options, "start"], asOwner: true)
        let stop = [bin + "/pg_ctl", "-D", data, "-m", "immediate", "stop"]
        let root = getuid() == 0
        Self.clusters.withLock { $0.append((root ? ["/usr/sbin/runuser", "-u", "postgres", "--"] : []) + stop) }
        Self.directories.withLock { $0.append(directory) }
        Self.registerCleanup
    }

    private static let clusters = Mutex<[[String]]>([])
    private static let directories = Mutex<[String]>([])
    private static let registerCleanup: Void = {
        atexit {
            for command in PostgresCluster.clusters.withLock({ $0 }) {
                _ = try? PostgresCluster.run(command[0], Array(command.dropFirst()), asOwner: false)
            }
            for directory in PostgresCluster.directories.withLock({ $0 }) {
                try? FileManager.default.removeItem(atPath: directory)
            }
        }
    }()

    private static func run(
        _ executable: String, _ arguments: [String], asOwner: Bool, environment: [String: String] = [:]
    ) throws(Unavailable) -> String {
        let argv =
            (asOwner && getuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--"] : []) + [executable] + arguments
        let output = NSTemporaryDirectory() + "hj-postgres-output-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: output) }
        let run = ChildProcess.measure(
            argv, environment: ProcessInfo.processInfo.environment.merging(environment) { $1 }, output: output)
        let text = ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard run.status == 0 else {
            throw Unavailable(description: "\((executable as NSString).lastPathComponent) failed: \(text)")
        }
        return text
    }
}
