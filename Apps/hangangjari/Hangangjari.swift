import ArgumentParser
import Foundation

@main
struct Hangangjari: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hangangjari",
        abstract: "Parking, crowd and outing information for Seoul's Hangang parks.",
        discussion: """
            With no command: the full-screen app on a terminal, the home screen printed once otherwise.
            With no API configured (--api, HANGANGJARI_API or api = "..." in $XDG_CONFIG_HOME/hangangjari/config.toml)
            the reference backend runs in-process on a loopback port and everything is labelled simulated.
            Exit status: 0 current values, 3 last values shown marked stale, 4 nothing to show, 64 bad usage.
            """,
        subcommands: [
            UICommand.self, HomeCommand.self, ParkingCommand.self, ForecastCommand.self, OutingCommand.self, ParksCommand.self,
            OpenCommand.self, DirectionsCommand.self, FavoritesCommand.self, WidgetCommand.self, LocationCommand.self,
            DoctorCommand.self, CacheCommand.self, InstallDesktopCommand.self, CatalogCommand.self,
        ],
        defaultSubcommand: UICommand.self)
}
