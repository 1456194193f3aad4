import ArgumentParser
import Foundation
import Localization

/// Where a command's words go: the process's standard output and error, or what a test reads back.
public struct CommandOutput: Sendable {
    /// Writes text (its line ends included) to standard output.
    public var standardOutput: @Sendable (String) -> Void
    /// Writes text (its line ends included) to standard error.
    public var standardError: @Sendable (String) -> Void

    public init(
        standardOutput: @escaping @Sendable (String) -> Void, standardError: @escaping @Sendable (String) -> Void
    ) {
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    /// The process's own standard output and error.
    public static let process = CommandOutput(
        standardOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
        standardError: { FileHandle.standardError.write(Data($0.utf8)) })
}

extension AsyncParsableCommand {
    /// The argument parser's `main()`, except that its help screens and usage errors come out in the language of
    /// the command line (`--lang`) or the environment, headings and error sentences included.
    public static func localizedMain() async {
        await localizedMain { command in
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                var command = command
                try command.run()
            }
        }
    }

    /// The same, running the parsed command with `run`: how an executable hands a command what it is given.
    public static func localizedMain(run: @Sendable (ParsableCommand) async throws -> Void) async {
        let status = await localizedRun(
            Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment,
            output: .process, run: run)
        Foundation.exit(status)
    }

    /// Parses `arguments`, runs the command with `run` and returns the exit status; help and usage errors are
    /// written to `output` in the language `arguments` and `environment` ask for. The process's `main` and the
    /// tests' in-process runs both come through here.
    public static func localizedRun(
        _ arguments: [String], environment: [String: String], output: CommandOutput,
        run: @Sendable (ParsableCommand) async throws -> Void
    ) async -> Int32 {
        do {
            try await run(try parseAsRoot(arguments))
            return ExitCode.success.rawValue
        } catch {
            let code = exitCode(for: error)
            let localizer = Localizer(CommandLineHelp.language(arguments: arguments, environment: environment))
            let text = ParserWords.localize(fullMessage(for: error), localizer)
            if !text.isEmpty {
                let line = text.hasSuffix("\n") ? text : text + "\n"
                code == .success ? output.standardOutput(line) : output.standardError(line)
            }
            return code.rawValue
        }
    }
}
