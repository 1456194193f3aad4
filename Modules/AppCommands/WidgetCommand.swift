import AppCore
import AppScreens
import ArgumentParser
import CommandLineSupport
import Foundation
import Localization
import Models
import ScreenRows
import Storage
import ValueWording
import WidgetRendering

enum WidgetKindArgument: String, ExpressibleByArgument, CaseIterable {
    case parking, general, both

    /// The widget kinds the choice sets.
    var kinds: [WidgetKind] {
        switch self {
        case .parking: [.parking]
        case .general: [.general]
        case .both: WidgetKind.summaryKinds
        }
    }
}

struct WidgetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "widget", abstract: helpText(.helpCmdWidget), subcommands: [Set.self])

    struct Set: AppCommand {
        static let configuration = CommandConfiguration(abstract: helpText(.helpCmdWidgetSet))
        @OptionGroup var options: AppOptions
        @Option(help: ArgumentHelp(helpText(.helpOptWidgetKind))) var kind: WidgetKindArgument = .both
        @Option(help: ArgumentHelp(helpText(.helpArgPark)), completion: CompletionLists.parks) var park: String

        func run(in context: CommandContext) async throws {
            let options = self.options.bound(context)
            let id = try options.park(park)!
            let kinds = kind.kinds
            try SettingsStore(container: options.container()).update { settings in
                for k in kinds { settings.widgetParks[k] = id }
            }
            let ctx = options.context()
            for k in kinds {
                context.print(
                    ctx.l(
                        .cliWidgetSet, ctx.l(ValueWords.widgetKind(k)),
                        Catalog.bundled.park(id).map { ctx.korean ? $0.shortNameKo : $0.shortNameEn } ?? id.rawValue))
            }
        }
    }
}
