import ArgumentParser
import CommandLineSupport
import Foundation
import Localization
import Models

/// A command of `hangangjari`: it runs in the context it is handed, never in the process's own.
protocol AppCommand: AsyncParsableCommand {
    func run(in context: CommandContext) async throws
}

extension AppCommand {
    /// The parser's entry point; `Hangangjari.run(_:in:)` calls `run(in:)` instead, so this is only reached by a
    /// caller that parsed the command itself, and then without an embedded backend.
    func run() async throws { try await run(in: .live(embedded: .none)) }
}

/// `hangangjari`: the full-screen app by default, and one command per screen, setting and tool.
public struct Hangangjari: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "hangangjari",
        abstract: helpText(.helpCmdRoot),
        discussion: helpText(.helpDiscussionRoot),
        version: ProductVersion.current,
        subcommands: [
            UICommand.self, HomeCommand.self, ParkingCommand.self, ForecastCommand.self, OutingCommand.self,
            ParksCommand.self, GoCommand.self,
            OpenCommand.self, DirectionsCommand.self, FavoritesCommand.self, AlertsCommand.self, WidgetCommand.self,
            LocationCommand.self, SettingsCommand.self,
            DoctorCommand.self, CacheCommand.self, InstallDesktopCommand.self, CatalogCommand.self, KeyCommand.self,
        ],
        defaultSubcommand: UICommand.self)

    public init() {}

    /// Runs `hangangjari ARGUMENTS` (the program's name left out) in `context` and returns its exit status; help,
    /// usage errors and failures are written to the context's output as the process would write them.
    public static func run(_ arguments: [String], in context: CommandContext) async -> Int32 {
        var context = context
        context.arguments = arguments
        let handed = context
        return await localizedRun(arguments, environment: context.environment, output: context.output) { command in
            if let command = command as? any AppCommand {
                try await command.run(in: handed)
            } else {
                var command = command
                try command.run()
            }
        }
    }
}
