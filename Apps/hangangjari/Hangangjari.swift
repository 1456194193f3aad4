import ArgumentParser
import CommandLineSupport
import Foundation
import Localization
import Models

@main
struct Hangangjari: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hangangjari",
        abstract: helpText(.helpCmdRoot),
        discussion: helpText(.helpDiscussionRoot),
        version: ProductVersion.current,
        subcommands: [
            UICommand.self, HomeCommand.self, ParkingCommand.self, ForecastCommand.self, OutingCommand.self,
            ParksCommand.self,
            OpenCommand.self, DirectionsCommand.self, FavoritesCommand.self, AlertsCommand.self, WidgetCommand.self,
            LocationCommand.self, SettingsCommand.self,
            DoctorCommand.self, CacheCommand.self, InstallDesktopCommand.self, CatalogCommand.self, KeyCommand.self,
        ],
        defaultSubcommand: UICommand.self)

    static func main() async { await localizedMain() }
}
