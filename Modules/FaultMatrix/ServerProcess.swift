import BenchmarkSupport
import Foundation

/// The reference server binary on a free port, with faults.
public final class ServerProcess: Sendable {
    let process: Process
    public let baseURL: String

    public init(binary: String, arguments: [String], environment: [String: String] = [:]) throws {
        let (process, line) = try External.start(
            binary, ["serve", "--port", "0"] + arguments, readyPrefix: "listening on ", environment: environment)
        self.process = process
        self.baseURL = String(line.dropFirst("listening on ".count))
    }

    public func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}
