import AppCore
import AppScreens
import ArgumentParser
import CommandLineSupport
import Foundation
import Localization
import Models
import ScreenRows
import Storage

/// `hangangjari alerts`: thresholds per lot or park, quiet hours, on and off (the widget run sends the alerts).
struct AlertsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "alerts", abstract: helpText(.helpCmdAlerts),
        subcommands: [List.self, Set.self, Remove.self, Quiet.self, On.self, Off.self], defaultSubcommand: List.self)

    struct List: AppCommand {
        static let configuration = CommandConfiguration(abstract: helpText(.helpCmdAlertsList))
        @OptionGroup var options: AppOptions

        func run(in context: CommandContext) async throws {
            let options = self.options.bound(context)
            let (settings, warning) = SettingsStore(container: try options.container()).load()
            let ctx = options.context(settings: settings)
            if let warning { context.printError([warning.text(ctx.l)]) }
            for line in SettingsListing.alerts(settings, ctx) { context.print(line) }
        }
    }

    struct Set: AppCommand {
        static let configuration = CommandConfiguration(abstract: helpText(.helpCmdAlertsSet))
        @OptionGroup var options: AppOptions
        @Argument(help: ArgumentHelp(helpText(.helpArgAlertTarget)), completion: CompletionLists.parksAndLots)
        var target: String
        @Argument(help: ArgumentHelp(helpText(.helpArgSpaces))) var spaces: Int

        func validate() throws {
            guard spaces >= 0 else { throw ValidationError(helpText(.helpArgSpaces)) }
        }

        func run(in context: CommandContext) async throws {
            let options = self.options.bound(context)
            let target = try options.alertTarget(target)
            try SettingsStore(container: options.container()).update { $0.setThreshold(spaces, for: target) }
            let ctx = options.context()
            context.print(ctx.l(.cliAlertSet, SettingsListing.name(target, ctx), spaces))
        }
    }

    struct Remove: AppCommand {
        static let configuration = CommandConfiguration(abstract: helpText(.helpCmdAlertsRemove))
        @OptionGroup var options: AppOptions
        @Argument(help: ArgumentHelp(helpText(.helpArgAlertTarget)), completion: CompletionLists.parksAndLots)
        var target: String

        func run(in context: CommandContext) async throws {
            let options = self.options.bound(context)
            let target = try options.alertTarget(target)
            var had = false
            try SettingsStore(container: options.container()).update { settings in
                had = settings.threshold(target) != nil
                settings.setThreshold(nil, for: target)
            }
            let ctx = options.context()
            context.print(ctx.l(had ? .cliAlertRemoved : .cliAlertNone, SettingsListing.name(target, ctx)))
        }
    }

    struct Quiet: AppCommand {
        static let configuration = CommandConfiguration(abstract: helpText(.helpCmdAlertsQuiet))
        @OptionGroup var options: AppOptions
        @Argument(help: ArgumentHelp(helpText(.helpArgQuiet))) var times: [String]

        func validate() throws {
            if times == ["off"] { return }
            guard times.count == 2 else { throw ValidationError(helpText(.helpArgQuiet)) }
            for time in times where OpeningHours.minuteOfDay(time) == nil {
                throw ValidationError(CommandLineHelp.localizer(.cliNotATime, time))
            }
        }

        func run(in context: CommandContext) async throws {
            let options = self.options.bound(context)
            let off = times == ["off"]
            try SettingsStore(container: options.container()).update { settings in
                settings.quietFrom = off ? nil : times[0]
                settings.quietUntil = off ? nil : times[1]
            }
            let l = options.context().l
            context.print(off ? l(.cliQuietCleared) : l(.cliQuietSet, times[0], times[1]))
        }
    }

    struct On: AppCommand {
        static let configuration = CommandConfiguration(abstract: helpText(.helpCmdAlertsOn))
        @OptionGroup var options: AppOptions

        func run(in context: CommandContext) async throws {
            try options.bound(context).switchAlerts(true)
        }
    }

    struct Off: AppCommand {
        static let configuration = CommandConfiguration(abstract: helpText(.helpCmdAlertsOff))
        @OptionGroup var options: AppOptions

        func run(in context: CommandContext) async throws {
            try options.bound(context).switchAlerts(false)
        }
    }
}

extension BoundOptions {
    /// A lot or park from what the user typed, or a usage error naming the closest parks.
    func alertTarget(_ query: String) throws -> AlertTarget {
        do { return try AlertTargetLookup.find(query, in: .bundled) } catch { throw unknownPark(error) }
    }

    func switchAlerts(_ on: Bool) throws {
        try SettingsStore(container: container()).update { $0.alertsEnabled = on }
        let l = context().l
        commandContext.print(l(.cliAlertsSwitched, l(on ? .settingsOn : .settingsOff)))
    }
}
