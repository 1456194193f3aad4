import ArgumentParser
import Foundation
import Localization

extension AsyncParsableCommand {
    /// The argument parser's `main()`, except that its help screens and usage errors come out in the language of
    /// the command line (`--lang`) or the environment, headings and error sentences included.
    public static func localizedMain() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
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
