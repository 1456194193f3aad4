import Foundation
import Models
import TestFixtures
import TestSupport

/// The project's built executables, found beside the test bundle or in `.build/debug`.
enum Binaries {
    static func url(_ name: String) -> URL {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [
            beside, beside.deletingLastPathComponent(), Fixtures.repositoryRoot.appendingPathComponent(".build/debug"),
        ]
        return candidates.map { $0.appendingPathComponent(name) }.first {
            FileManager.default.isExecutableFile(atPath: $0.path)
        }
            ?? Fixtures.repositoryRoot.appendingPathComponent(".build/debug/\(name)")
    }

    /// Runs `name ARGUMENTS` to the end with exactly `environment`, on a thread of its own; its status, standard
    /// output and error (small: both are read after the output closes).
    static func run(_ name: String, _ arguments: [String], environment: [String: String]) async throws -> (
        status: Int32, stdout: String, stderr: String
    ) {
        let executable = url(name)
        return try await offThePool { try runBlocking(executable, arguments, environment: environment) }
    }

    private static func runBlocking(_ executable: URL, _ arguments: [String], environment: [String: String]) throws
        -> (status: Int32, stdout: String, stderr: String)
    {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        let (stdout, stderr) = (Pipe(), Pipe())
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let output = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errors = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output, errors)
    }
}
