import ArgumentParser
import CommandLineSupport
import EmbeddedServer
import Foundation
import Localization
import Models
import WidgetCommandLine
import WidgetFront

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

    /// One binary, two commands: called as `hangangjari-widget-fetch` (by the widget, or through an installed link)
    /// it is the widget's fetching half, so the backend stack is linked and installed once.
    static func main() async {
        if FetchingHalf.isInvoked(as: CommandLine.arguments.first) {
            await WidgetFetchCommand.localizedMain { command in
                guard let fetch = command as? WidgetFetchCommand else {
                    var command = command
                    return try command.run()
                }
                try await fetch.run(embedded: .reference)
            }
        } else {
            await localizedMain()
        }
    }
}
