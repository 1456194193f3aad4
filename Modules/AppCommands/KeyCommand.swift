import AppConfigFile
import ArgumentParser
import Foundation
import Localization
import Storage

/// `hangangjari key set|remove`: the Seoul Open Data key, read from standard input (never argv, which `ps` shows).
struct KeyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "key", abstract: helpText(.helpCmdKey), subcommands: [Set.self, Remove.self])

    struct Set: AppCommand {
        static let configuration = CommandConfiguration(abstract: helpText(.helpCmdKeySet))
        @OptionGroup var options: AppOptions

        func run(in context: CommandContext) async throws {
            let options = self.options.bound(context)
            let l = options.context().l
            if context.inputIsTerminal { context.output.standardError(l(.cliKeyPrompt) + "\n") }
            let key = (context.readLine() ?? "").trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty else { throw ValidationError(l(.cliKeyEmpty)) }
            let url: URL
            do { url = try ConfigFile.set(.seoulKey, to: .text(key), environment: options.environment) } catch {
                throw ValidationError(Reason(error).text(l))
            }
            context.print(l(.cliKeySaved, url.path))
        }
    }

    struct Remove: AppCommand {
        static let configuration = CommandConfiguration(abstract: helpText(.helpCmdKeyRemove))
        @OptionGroup var options: AppOptions

        func run(in context: CommandContext) async throws {
            let options = self.options.bound(context)
            let l = options.context().l
            let url: URL
            do { url = try ConfigFile.set(.seoulKey, to: nil, environment: options.environment) } catch {
                throw ValidationError(Reason(error).text(l))
            }
            context.print(l(.cliKeyRemoved, url.path))
        }
    }
}
