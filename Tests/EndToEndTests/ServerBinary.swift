import Foundation
import TestFixtures
import TestSupport

/// The real `hangangjari-server serve` binary on a free port, configured through its environment, its stderr (the
/// logs) kept in a file.
final class ServerBinary: @unchecked Sendable {
    let process = Process()
    let logURL = FileManager.default.temporaryDirectory.appendingPathComponent("hj-server-\(UUID().uuidString).log")
    private(set) var baseURL = ""
    private(set) var port = 0

    /// Starts the server; throws with its log when it does not print its address within 20 s.
    init(environment: [String: String], arguments: [String] = []) throws {
        _ = FileManager.default.createFile(atPath: logURL.path, contents: nil)
        process.executableURL = Binaries.url("hangangjari-server")
        process.arguments = ["serve"] + arguments
        var merged = ProcessInfo.processInfo.environment.filter {
            !["HOST", "PORT", "ADMIN_TOKEN", "TRUSTED_PROXIES"].contains($0.key)
        }
        merged.merge(TestClock.environment()) { $1 }  // Seoul daytime unless the test pins another time
        merged["PORT"] = "0"
        merged["BACKFILL_DAYS"] = "0"  // nothing here needs history; keep the machine free for the other tests
        merged.merge(environment) { $1 }
        process.environment = merged
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = try FileHandle(forWritingTo: logURL)
        try process.run()
        let line = FirstLine.read(stdout)
        guard line.hasPrefix("listening on ") else {
            process.terminate()
            throw CocoaError(
                .featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "server did not start: \(line) \(log)"])
        }
        baseURL = String(line.dropFirst("listening on ".count))
        port = Int(baseURL.split(separator: ":").last ?? "") ?? 0
    }

    /// What the server logged so far.
    var log: String { (try? String(contentsOf: logURL, encoding: .utf8)) ?? "" }

    func signal(_ signal: Int32) { kill(process.processIdentifier, signal) }

    /// The log once it holds every one of `lines` (the server writes each request's line after answering it), or as
    /// it stands after `seconds`: a test waits on the line, not on a guess of how long writing it takes.
    func log(containing lines: [String], within seconds: Double = 10) async -> String {
        let deadline = Date().addingTimeInterval(seconds)
        var text = log
        while !lines.allSatisfy(text.contains), Date() < deadline {
            try? await Task.sleep(for: .milliseconds(20))
            text = log
        }
        return text
    }

    /// Waits for the process to exit (at most `seconds`), returning its status, nil when it is still running.
    func exitStatus(within seconds: Double) async -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { try? await Task.sleep(for: .milliseconds(20)) }
        return process.isRunning ? nil : process.terminationStatus
    }

    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: logURL)
    }
}
