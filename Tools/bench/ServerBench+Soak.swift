import ArgumentParser
import BenchmarkSupport
import Foundation
import Models
import ServerCollection

extension ServerBench {
    /// The RSS soaks: does a training leave the server as it found it? Each runs a server of its own on a SQLite
    /// history (as the packages keep it) under wrk from its start until well past its training, which begins
    /// ``ForecastLearning/startDelay`` after the start. The first soak is a new deployment's first training (the
    /// rule gives way to a model); the second restarts on the same history with the server's clock a day on, so the
    /// kept model is in use from the start and the daily training replaces it.
    func soakRows(wrk: @escaping @Sendable (String, Int) throws -> WrkResult) async throws -> [BenchmarkRow] {
        let training = Int(ForecastLearning.startDelay.components.seconds)
        guard soakSeconds >= training + 120 else {
            throw ValidationError(
                "--soak-seconds must be at least \(training + 120): the training begins at \(training) s")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hj-soak-\(getpid())")
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: directory) }
        let history = ["HISTORY_PATH": directory.appendingPathComponent("history.sqlite").path]
        let first = try await soak("first training, no model before", environment: history, wrk: wrk)
        let dayLater = WallClock.environmentValue(pinning: Date().addingTimeInterval(25 * 3600))
        let daily = try await soak(
            "daily training, yesterday's model in use",
            environment: history.merging([WallClock.environmentVariable: dayLater]) { $1 }, wrk: wrk)
        return [first, daily]
    }

    /// One soak: RSS every 10 s; the median of the minute before the training against the median of the last minute.
    private func soak(
        _ label: String, environment: [String: String], wrk: @escaping @Sendable (String, Int) throws -> WrkResult
    ) async throws -> BenchmarkRow {
        let (server, baseURL) = try startServer(accessLog: accessLog, environment: environment)
        defer { server.terminate() }
        let started = Date()
        let seconds = soakSeconds
        let load = Task.detached { try wrk(baseURL + "/v2/parks/yeouido/home-summary", seconds) }
        var samples: [(at: Double, kib: Int)] = []
        while Date().timeIntervalSince(started) < Double(seconds) - 5 {
            try await Task.sleep(for: .seconds(10))
            samples.append((Date().timeIntervalSince(started), ResidentMemory.kib(pid: server.processIdentifier) ?? 0))
        }
        let result = try await load.value
        let training = Double(ForecastLearning.startDelay.components.seconds)
        let before = LatencySummary.median(
            samples.filter { $0.at >= training - 60 && $0.at < training }.map { Double($0.kib) })
        let after = LatencySummary.median(samples.filter { $0.at >= Double(seconds) - 65 }.map { Double($0.kib) })
        return BenchmarkRow(
            figure: "server soak \(seconds) s, \(label): RSS the minute before it -> peak -> the last minute",
            value: String(format: "%.0f -> %d -> %.0f KiB", before, samples.map(\.kib).max() ?? 0, after),
            reference: String(format: "%.0f req/s during soak", result.requestsPerSecond),
            ratio: String(format: "%.2f", after / max(before, 1)),
            goal: "flat (last minute <= 1.10 x the minute before)", met: after <= 1.10 * before)
    }
}
