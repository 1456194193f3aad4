import BenchmarkSupport
import CurlHTTP
import Foundation
import ServerTrust

/// Two release servers on one throwaway PostgreSQL database behind Debian's nginx with the shipped site file, as
/// `Deploy/` installs them: what a deployment's clients reach.
final class ProxiedPair {
    let instances: [(process: Process, baseURL: String)]
    let proxy: Nginx
    /// How often the collecting instance reads parking, and so how soon the other takes over.
    let collectionInterval: Double
    let adminToken = "bench-admin-" + UUID().uuidString

    init(collectionInterval: Double = 2) async throws {
        let repository = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        guard FileManager.default.fileExists(atPath: repository.path + "/Deploy/nginx/hangangjari.conf") else {
            throw BenchError("run from the repository root (Tools/bench/run does): Deploy/nginx is missing")
        }
        let database = try await PostgresCluster.shared().createDatabase()
        self.collectionInterval = collectionInterval
        let environment = [
            "DATABASE_URL": database, "TOKEN_KEYS": TokenKeys.randomSetting(), "TRUSTED_PROXIES": "127.0.0.1",
            "ADMIN_TOKEN": adminToken, "COLLECTION_INTERVAL": "\(collectionInterval)",
        ]
        // One after the other: the first migrates the schema and writes the backfill, the second finds them.
        var instances: [(Process, String)] = []
        for _ in 0..<2 { instances.append(try startServer(environment: environment)) }
        self.instances = instances
        proxy = try Nginx.shippedSite(repository: repository, upstreamPorts: instances.map { Self.port(of: $0.1) })
    }

    static func port(of baseURL: String) -> Int { Int(baseURL.split(separator: ":").last ?? "") ?? 0 }

    /// The index of the instance that collects now, by its own metrics.
    func collecting(_ transport: CurlTransport) async -> Int? {
        for (index, instance) in instances.enumerated() where instance.process.isRunning {
            let response = try? await transport.send(
                HTTPRequest(
                    url: instance.baseURL + "/metrics", headers: [("Authorization", "Bearer \(adminToken)")],
                    deadline: Date().addingTimeInterval(2)))
            let text = response.map { String(decoding: $0.body, as: UTF8.self) } ?? ""
            let active = text.split(separator: "\n").first { $0.hasPrefix("hangangjari_collector_active ") }
            if let active, Double(active.split(separator: " ").last ?? "") == 1 { return index }
        }
        return nil
    }

    /// Kills the collecting instance with SIGKILL while `load` runs; the seconds until the other one collects.
    func killCollector(_ transport: CurlTransport) async throws -> Double {
        guard let victim = await collecting(transport) else { throw BenchError("no instance says it collects") }
        kill(instances[victim].process.processIdentifier, SIGKILL)
        let killed = ContinuousClock.now
        while await collecting(transport) == nil {
            guard ContinuousClock.now - killed < .seconds(10 * collectionInterval) else {
                throw BenchError("no instance took collection over within \(10 * collectionInterval) s")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        return (ContinuousClock.now - killed) / .seconds(1)
    }

    /// Stops nginx and both instances, and returns once the instances have exited (killed after 10 s): the
    /// throwaway database goes away with this process, and an instance must not outlive it.
    func stop() {
        proxy.stop()
        let running = instances.map(\.process).filter(\.isRunning)
        for process in running { process.terminate() }
        let deadline = Date().addingTimeInterval(10)
        for process in running {
            while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
    }
}

/// A benchmark that could not run, with the reason.
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
