import BenchmarkSupport
import Foundation

/// Debian's wrk loading a URL in the background while a test does something else.
public final class Wrk: Sendable {
    private let process: Process
    private let output: String

    /// Starts `wrk -t1 -c8 -d<seconds>s --latency url`.
    public static func start(url: String, seconds: Int, connections: Int = 8) throws -> Wrk {
        try Wrk(url: url, seconds: seconds, connections: connections)
    }

    private init(url: String, seconds: Int, connections: Int) throws {
        guard let wrk = External.which("wrk") else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "no wrk: run Tools/setup"])
        }
        output = NSTemporaryDirectory() + "hj-wrk-\(UUID().uuidString)"
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        process = Process()
        process.executableURL = URL(fileURLWithPath: wrk)
        process.arguments = ["-t1", "-c\(connections)", "-d\(seconds)s", "--latency", url]
        process.standardOutput = FileHandle(forWritingAtPath: output)
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// Waits for the run to end; its figures and wrk's own report.
    public func finish() async throws -> (
        requests: Int, errors: Int, non2xx: Int, p99Milliseconds: Double, text: String
    ) {
        while process.isRunning { try await Task.sleep(for: .milliseconds(50)) }
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(atPath: output)
        guard let result = WrkResult(text) else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "wrk said: \(text)"])
        }
        return (result.requests, result.socketErrors, result.non2xx, result.p99Milliseconds, text)
    }
}
