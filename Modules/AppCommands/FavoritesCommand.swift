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

struct FavoritesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "favorites", abstract: helpText(.helpCmdFavorites),
        subcommands: [Add.self, Remove.self, List.self],
        defaultSubcommand: List.self)

    struct Add: AppCommand {
        static let configuration = CommandConfiguration(abstract: helpText(.helpCmdFavoritesAdd))
        @OptionGroup var options: AppOptions
        @Argument(help: ArgumentHelp(helpText(.helpArgPark)), completion: CompletionLists.parks) var park: String

        func run(in context: CommandContext) async throws {
            let options = self.options.bound(context)
            let id = try options.park(park)!
            try SettingsStore(container: options.container()).update {
                if !$0.favorites.contains(id) { $0.favorites.append(id) }
            }
            context.print(Messages.text(.favoriteAdded(id), options.context()))
        }
    }

    struct Remove: AppCommand {
        static let configuration = CommandConfiguration(abstract: helpText(.helpCmdFavoritesRemove))
        @OptionGroup var options: AppOptions
        @Argument(help: ArgumentHelp(helpText(.helpArgPark)), completion: CompletionLists.parks) var park: String

        func run(in context: CommandContext) async throws {
            let options = self.options.bound(context)
            let id = try options.park(park)!
            try SettingsStore(container: options.container()).update { $0.favorites.removeAll { $0 == id } }
            context.print(Messages.text(.favoriteRemoved(id), options.context()))
        }
    }

    struct List: AppCommand {
        static let configuration = CommandConfiguration(abstract: helpText(.helpCmdFavoritesList))
        @OptionGroup var options: AppOptions

        func run(in context: CommandContext) async throws {
            let options = self.options.bound(context)
            let (settings, warning) = SettingsStore(container: try options.container()).load()
            if let warning { context.printError([warning.text(options.context().l)]) }
            if settings.favorites.isEmpty { context.printError([options.context().l(.cliFavoritesEmpty)]) }
            for park in settings.favorites { context.print(park.rawValue) }
        }
    }
}
