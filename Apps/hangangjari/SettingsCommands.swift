import AppCore
import AppScreens
import ArgumentParser
import CommandLineSupport
import Foundation
import Localization
import Models
import Storage
import WidgetRendering

struct FavoritesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "favorites", abstract: helpText(.helpCmdFavorites),
        subcommands: [Add.self, Remove.self, List.self],
        defaultSubcommand: List.self)

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: helpText(.helpCmdFavoritesAdd))
        @OptionGroup var options: AppOptions
        @Argument(help: ArgumentHelp(helpText(.helpArgPark)), completion: CompletionLists.parks) var park: String

        func run() throws {
            let id = try options.park(park)!
            try SettingsStore(container: options.container()).update {
                if !$0.favorites.contains(id) { $0.favorites.append(id) }
            }
            print(Messages.text(.favoriteAdded(id), options.context()))
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: helpText(.helpCmdFavoritesRemove))
        @OptionGroup var options: AppOptions
        @Argument(help: ArgumentHelp(helpText(.helpArgPark)), completion: CompletionLists.parks) var park: String

        func run() throws {
            let id = try options.park(park)!
            try SettingsStore(container: options.container()).update { $0.favorites.removeAll { $0 == id } }
            print(Messages.text(.favoriteRemoved(id), options.context()))
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: helpText(.helpCmdFavoritesList))
        @OptionGroup var options: AppOptions

        func run() throws {
            let (settings, warning) = SettingsStore(container: try options.container()).load()
            if let warning { printError([warning.text(options.context().l)]) }
            if settings.favorites.isEmpty { printError([options.context().l(.cliFavoritesEmpty)]) }
            for park in settings.favorites { print(park.rawValue) }
        }
    }
}

enum WidgetKindArgument: String, ExpressibleByArgument, CaseIterable {
    case parking, general, both

    /// The widget kinds the choice sets.
    var kinds: [WidgetKind] {
        switch self {
        case .parking: [.parking]
        case .general: [.general]
        case .both: WidgetKind.allCases
        }
    }
}

struct WidgetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "widget", abstract: helpText(.helpCmdWidget), subcommands: [Set.self])

    struct Set: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: helpText(.helpCmdWidgetSet))
        @OptionGroup var options: AppOptions
        @Option(help: ArgumentHelp(helpText(.helpOptWidgetKind))) var kind: WidgetKindArgument = .both
        @Option(help: ArgumentHelp(helpText(.helpArgPark)), completion: CompletionLists.parks) var park: String

        func run() throws {
            let id = try options.park(park)!
            let kinds = kind.kinds
            try SettingsStore(container: options.container()).update { settings in
                for k in kinds { settings.widgetParks[k] = id }
            }
            let ctx = options.context()
            for k in kinds {
                print(
                    ctx.l(
                        .cliWidgetSet, ctx.l(ValueWords.widgetKind(k)),
                        Catalog.bundled.park(id).map { ctx.korean ? $0.shortNameKo : $0.shortNameEn } ?? id.rawValue))
            }
        }
    }
}

struct LocationCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "location", abstract: helpText(.helpCmdLocation),
        subcommands: [Set.self, Clear.self])

    struct Set: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: helpText(.helpCmdLocationSet))
        @OptionGroup var options: AppOptions
        @Argument(help: ArgumentHelp(helpText(.helpArgLat))) var lat: Double
        @Argument(help: ArgumentHelp(helpText(.helpArgLon))) var lon: Double

        func validate() throws {
            guard (33.0...39.0).contains(lat), (124.0...132.0).contains(lon) else {
                throw ValidationError(CommandLineHelp.localizer(.errorOutsideKorea, "\(lat)", "\(lon)"))
            }
        }

        func run() throws {
            try SettingsStore(container: options.container()).update { $0.home = Coordinate(lat: lat, lon: lon) }
            print(options.context().l(.cliLocationSet, "\(lat)", "\(lon)"))
        }
    }

    struct Clear: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: helpText(.helpCmdLocationClear))
        @OptionGroup var options: AppOptions

        func run() throws {
            try SettingsStore(container: options.container()).update { $0.home = nil }
            print(options.context().l(.cliLocationCleared))
        }
    }
}
