import AppConfigFile
import ArgumentParser
import Foundation
import Localization
import Storage

/// `hangangjari key set|remove`: the Seoul Open Data key, read from standard input (never argv, which `ps` shows).
struct KeyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "key", abstract: helpText(.helpCmdKey), subcommands: [Set.self, Remove.self])

    struct Set: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: helpText(.helpCmdKeySet))
        @OptionGroup var options: AppOptions

        func run() throws {
            let l = options.context().l
            if isatty(0) != 0 { FileHandle.standardError.write(Data((l(.cliKeyPrompt) + "\n").utf8)) }
            let key = (readLine(strippingNewline: true) ?? "").trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty else { throw ValidationError(l(.cliKeyEmpty)) }
            let url: URL
            do { url = try ConfigFile.set(.seoulKey, to: .text(key), environment: options.environment) } catch {
                throw ValidationError(Reason(error).text(l))
            }
            print(l(.cliKeySaved, url.path))
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: helpText(.helpCmdKeyRemove))
        @OptionGroup var options: AppOptions

        func run() throws {
            let l = options.context().l
            let url: URL
            do { url = try ConfigFile.set(.seoulKey, to: nil, environment: options.environment) } catch {
                throw ValidationError(Reason(error).text(l))
            }
            print(l(.cliKeyRemoved, url.path))
        }
    }
}
