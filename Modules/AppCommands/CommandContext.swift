import AppBackend
import CommandLineSupport
import Foundation
import Localization
import Models
import Storage
import WidgetAlerts

/// What a command is handed instead of reaching for the process: its environment (state directory, config file,
/// locale, the pinned clock `HANGANGJARI_CLOCK`), where its words go, whether it talks to a terminal, its standard
/// input and the backend it may start in its own process. `hangangjari`'s `main` hands the live one; tests hand
/// their own and run commands in process.
public struct CommandContext: Sendable {
    /// The environment the command reads, in place of the process's.
    public var environment: [String: String]
    /// Standard output and error.
    public var output: CommandOutput
    /// Whether standard output is a terminal (a QR code drawn in colour).
    public var outputIsTerminal: Bool
    /// Whether standard input is a terminal (the key prompt).
    public var inputIsTerminal: Bool
    /// One line of standard input without its line end, or nil at its end.
    public var readLine: @Sendable () -> String?
    /// The backend started in process when no API is configured.
    public var embedded: EmbeddedBackend
    /// The arguments after the program's name (set by `Hangangjari.run`), for messages that quote the line.
    public var arguments: [String] = []
    /// The running executable's path (what `install-desktop` writes into the desktop file).
    public var executablePath: String
    /// The clock, when handed in place of the one the environment describes (`HANGANGJARI_CLOCK`, else the
    /// system's): a test's clock that moves only while the command waits.
    public var clock: WallClock?
    /// Waits between a watch's checks (`hangangjari go LOT --leave now`).
    public var sleep: @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    /// Shows an alert on the desktop (title, body); the reason when it could not be shown.
    public var notify: @Sendable (_ title: String, _ body: String, _ environment: [String: String]) -> Reason? = {
        _, _, _ in Reason(.alertNoNotifier)
    }

    public init(
        environment: [String: String], output: CommandOutput, outputIsTerminal: Bool = false,
        inputIsTerminal: Bool = false,
        readLine: @escaping @Sendable () -> String? = { nil }, embedded: EmbeddedBackend = .none,
        executablePath: String = "hangangjari"
    ) {
        self.environment = environment
        self.output = output
        self.outputIsTerminal = outputIsTerminal
        self.inputIsTerminal = inputIsTerminal
        self.readLine = readLine
        self.embedded = embedded
        self.executablePath = executablePath
    }

    /// The process's own environment, standard streams and terminal, with `embedded` as its backend.
    public static func live(embedded: EmbeddedBackend) -> CommandContext {
        var live = CommandContext(
            environment: ProcessInfo.processInfo.environment, output: .process,
            outputIsTerminal: isatty(STDOUT_FILENO) == 1, inputIsTerminal: isatty(STDIN_FILENO) == 1,
            readLine: { Swift.readLine(strippingNewline: true) }, embedded: embedded,
            executablePath: RunningExecutable.path())
        live.notify = { title, body, environment in
            let shown = DesktopNotifier.notifySend(
                LocalAlerts.Alert(target: "trip", title: title, body: body), environment: environment)
            if case .failed(let reason) = shown { return reason }
            return nil
        }
        return live
    }

    /// Whether standard input and output are both a terminal: the full-screen app, and screens with escape codes.
    public var isInteractive: Bool { inputIsTerminal && outputIsTerminal }

    /// Prints each line to standard output.
    public func print(_ lines: String...) {
        for line in lines { output.standardOutput(line + "\n") }
    }

    /// Prints each line to standard error, after the program's name.
    public func printError(_ lines: [String]) {
        for line in lines { output.standardError("hangangjari: \(line)\n") }
    }
}
