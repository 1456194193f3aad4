import AppCommands
import CommandLineSupport
import EmbeddedServer
import Foundation
import Localization
import Models
import Synchronization

/// `hangangjari ARGUMENTS` run in this process with exactly `environment` (as a process would get it), and what it
/// wrote read back. The embedded backend is the reference server, as the binary hands it.
struct AppRun {
    let status: Int32
    let stdout: String
    let stderr: String

    static func run(
        _ arguments: [String], environment: [String: String] = [:], input: [String] = [],
        notify: @escaping @Sendable (String, String, [String: String]) -> Reason? = { _, _, _ in nil },
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        clock: WallClock? = nil
    ) async -> AppRun {
        let stdout = Captured()
        let stderr = Captured()
        let lines = Mutex(input)
        var context = CommandContext(
            environment: environment,
            output: CommandOutput(standardOutput: stdout.append, standardError: stderr.append),
            readLine: { lines.withLock { $0.isEmpty ? nil : $0.removeFirst() } }, embedded: .reference)
        context.notify = notify
        context.sleep = sleep
        context.clock = clock
        let status = await Hangangjari.run(arguments, in: context)
        return AppRun(status: status, stdout: stdout.text, stderr: stderr.text)
    }
}

/// Text written from any thread, read back once the command has returned.
final class Captured: Sendable {
    private let buffer = Mutex("")

    @Sendable func append(_ text: String) { buffer.withLock { $0 += text } }

    var text: String { buffer.withLock { $0 } }
}
