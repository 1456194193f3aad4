import ArgumentParser
import Foundation
import Localization

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
        do {
            try await run(try parseAsRoot())
        } catch {
            let code = exitCode(for: error)
            let text = ParserWords.localize(fullMessage(for: error), CommandLineHelp.localizer)
            if !text.isEmpty {
                let stream = code == .success ? FileHandle.standardOutput : FileHandle.standardError
                stream.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
            }
            Foundation.exit(code.rawValue)
        }
    }
}
