import AppCore
import AppScreens
import ArgumentParser
import CommandLineSupport
import Foundation
import Localization
import Models
import ScreenRows
import TerminalUI

/// The full-screen app (the default command).
struct UICommand: AppCommand {
    static let configuration = CommandConfiguration(
        commandName: "ui", abstract: helpText(.helpCmdUi))

    @OptionGroup var options: AppOptions
    @Argument(help: ArgumentHelp(helpText(.helpArgParkToShow)), completion: CompletionLists.parks) var park: String?
    @Option(help: ArgumentHelp(helpText(.helpOptTab))) var tab: AppTab = .home
    @Flag(name: .customLong("exit-after-first-paint"), help: .hidden) var exitAfterFirstPaint = false

    func run(in context: CommandContext) async throws {
        let options = self.options.bound(context)
        try rejectCommandTakenForPark(options)
        try await runScreen(
            options: options, park: try options.park(park), tab: tab, lot: nil, exitAfterFirstPaint: exitAfterFirstPaint
        )
    }

    /// `hangangjari --lang ko alerts`: options before a command make the parser choose this default command, with the
    /// command's name as the park. Say so, with the line that works, instead of "unknown park".
    private func rejectCommandTakenForPark(_ options: BoundOptions) throws {
        guard let park,
            let command = Hangangjari.configuration.subcommands.first(where: { $0.configuration.commandName == park })
        else { return }
        var arguments = options.commandContext.arguments
        arguments.removeAll { $0 == park }
        let line = (["hangangjari", park] + arguments).joined(separator: " ")
        throw ValidationError(
            Localizer(options.language())(.cliCommandAfterOptions, command.configuration.commandName ?? park, line))
    }
}

/// Runs the full-screen app on a terminal, or prints the tab once otherwise.
func runScreen(options: BoundOptions, park: ParkID?, tab: AppTab, lot: LotID?, exitAfterFirstPaint: Bool = false)
    async throws
{
    let store = try options.store(park: park, tab: tab, lot: lot)
    guard options.commandContext.isInteractive else {
        try await printScreen(tab, store: store, options: options, json: false, refresh: false)
        return
    }
    var app = InteractiveApp(
        store: store, language: options.language(settings: store.state.settings),
        mode: .terminal(environment: options.environment))
    app.exitAfterFirstPaint = exitAfterFirstPaint
    let status = await app.run()
    if status != 0 { throw ExitCode(status) }
}

func printScreen(_ tab: AppTab, store: AppStore, options: BoundOptions, json: Bool, refresh: Bool) async throws {
    let mode: RenderMode = options.commandContext.isInteractive ? .terminal(environment: options.environment) : .plain
    let output = await PrintedScreen.run(
        tab, store: store, json: json, refresh: refresh, context: options.context(settings: store.state.settings),
        mode: mode)
    options.commandContext.output.standardOutput(output.stdout)
    options.commandContext.printError(output.stderr)
    if output.status != 0 { throw ExitCode(output.status) }
}

extension AppTab: ExpressibleByArgument {}

/// One screen printed once: `home`, `parking`, `forecast`, `outing`.
protocol ParkScreenCommand: AppCommand {
    static var tab: AppTab { get }
    var options: AppOptions { get }
    var park: String? { get }
    var json: Bool { get }
    var refresh: Bool { get }
}

extension ParkScreenCommand {
    func run(in context: CommandContext) async throws {
        let options = self.options.bound(context)
        let store = try options.store(park: try options.park(park), tab: Self.tab)
        try await printScreen(Self.tab, store: store, options: options, json: json, refresh: refresh)
    }
}

struct HomeCommand: ParkScreenCommand {
    static let configuration = CommandConfiguration(commandName: "home", abstract: helpText(.helpCmdHome))
    static let tab = AppTab.home
    @OptionGroup var options: AppOptions
    @Argument(help: ArgumentHelp(helpText(.helpArgParkDefault)), completion: CompletionLists.parks) var park: String?
    @Flag(help: ArgumentHelp(helpText(.helpOptJsonFull))) var json = false
    @Flag(help: ArgumentHelp(helpText(.helpOptRefresh))) var refresh = false
}

struct ParkingCommand: ParkScreenCommand {
    static let configuration = CommandConfiguration(commandName: "parking", abstract: helpText(.helpCmdParking))
    static let tab = AppTab.parking
    @OptionGroup var options: AppOptions
    @Argument(help: ArgumentHelp(helpText(.helpArgPark)), completion: CompletionLists.parks) var park: String?
    @Flag(help: ArgumentHelp(helpText(.helpOptJson))) var json = false
    @Flag(help: ArgumentHelp(helpText(.helpOptRefresh))) var refresh = false
}

struct ForecastCommand: ParkScreenCommand {
    static let configuration = CommandConfiguration(commandName: "forecast", abstract: helpText(.helpCmdForecast))
    static let tab = AppTab.forecast
    @OptionGroup var options: AppOptions
    @Argument(help: ArgumentHelp(helpText(.helpArgPark)), completion: CompletionLists.parks) var park: String?
    @Flag(help: ArgumentHelp(helpText(.helpOptJson))) var json = false
    @Flag(help: ArgumentHelp(helpText(.helpOptRefresh))) var refresh = false
}

struct OutingCommand: ParkScreenCommand {
    static let configuration = CommandConfiguration(commandName: "outing", abstract: helpText(.helpCmdOuting))
    static let tab = AppTab.outing
    @OptionGroup var options: AppOptions
    @Argument(help: ArgumentHelp(helpText(.helpArgPark)), completion: CompletionLists.parks) var park: String?
    @Flag(help: ArgumentHelp(helpText(.helpOptJson))) var json = false
    @Flag(help: ArgumentHelp(helpText(.helpOptRefresh))) var refresh = false
}

struct ParksCommand: AppCommand {
    static let configuration = CommandConfiguration(commandName: "parks", abstract: helpText(.helpCmdParks))
    @OptionGroup var options: AppOptions
    @Flag(help: ArgumentHelp(helpText(.helpOptJson))) var json = false
    @Flag(help: ArgumentHelp(helpText(.helpOptRefresh))) var refresh = false

    func run(in context: CommandContext) async throws {
        let options = self.options.bound(context)
        try await printScreen(
            .parks, store: try options.store(tab: .parks), options: options, json: json, refresh: refresh)
    }
}

/// `hangangjari open hangangjari://park/yeouido/parking`: the same park and screen the link names.
struct OpenCommand: AppCommand {
    static let configuration = CommandConfiguration(
        commandName: "open", abstract: helpText(.helpCmdOpen))
    @OptionGroup var options: AppOptions
    @Argument(help: ArgumentHelp(helpText(.helpArgLink))) var link: String

    func run(in context: CommandContext) async throws {
        let options = self.options.bound(context)
        let parsed: DeepLink
        do {
            parsed = try DeepLink(parsing: link)
        } catch {
            let ctx = options.context()
            throw ValidationError(ctx.l(.messageBadLink, LinkErrors.text(error, ctx)))
        }
        _ = try options.park(parsed.parkId.rawValue)
        if let lot = parsed.lotId, Catalog.bundled.lot(lot)?.parkId != parsed.parkId {
            let lots = Catalog.bundled.lots(in: parsed.parkId).map(\.id.rawValue).joined(separator: ", ")
            let ctx = options.context()
            throw ValidationError(
                ctx.l(.messageBadLink, ctx.l(.errorLotNotInPark, lot.rawValue, parsed.parkId.rawValue, lots)))
        }
        try await runScreen(options: options, park: parsed.parkId, tab: AppTab(parsed.screen), lot: parsed.lotId)
    }
}
