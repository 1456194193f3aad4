import AppCore
import AppScreens
import ArgumentParser
import CommandLineSupport
import Foundation
import Localization
import Models
import ScreenRows
import Storage
import WidgetRendering

struct LocationCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "location", abstract: helpText(.helpCmdLocation),
        subcommands: [Set.self, Clear.self])

    struct Set: AppCommand {
        static let configuration = CommandConfiguration(abstract: helpText(.helpCmdLocationSet))
        @OptionGroup var options: AppOptions
        @Argument(help: ArgumentHelp(helpText(.helpArgLat))) var lat: Double
        @Argument(help: ArgumentHelp(helpText(.helpArgLon))) var lon: Double

        func validate() throws {
            guard (33.0...39.0).contains(lat), (124.0...132.0).contains(lon) else {
                throw ValidationError(CommandLineHelp.localizer(.errorOutsideKorea, "\(lat)", "\(lon)"))
            }
        }

        func run(in context: CommandContext) async throws {
            let options = self.options.bound(context)
            try SettingsStore(container: options.container()).update { $0.home = Coordinate(lat: lat, lon: lon) }
            context.print(options.context().l(.cliLocationSet, "\(lat)", "\(lon)"))
        }
    }

    struct Clear: AppCommand {
        static let configuration = CommandConfiguration(abstract: helpText(.helpCmdLocationClear))
        @OptionGroup var options: AppOptions

        func run(in context: CommandContext) async throws {
            let options = self.options.bound(context)
            try SettingsStore(container: options.container()).update { $0.home = nil }
            context.print(options.context().l(.cliLocationCleared))
        }
    }
}
