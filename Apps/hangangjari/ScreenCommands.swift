import AppCore
import AppScreens
import ArgumentParser
import Foundation
import Models
import TerminalUI

/// The full-screen app (the default command).
struct UICommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ui", abstract: "The full-screen app (default); prints the home screen once when not on a terminal.")

    @OptionGroup var options: AppOptions
    @Argument(help: "Park to show (id, English or Korean name).") var park: String?
    @Option(help: "Tab to start on: home, parking, forecast, outing, parks.") var tab: AppTab = .home
    @Flag(name: .customLong("exit-after-first-paint"), help: .hidden) var exitAfterFirstPaint = false

    func run() async throws {
        try await runScreen(options: options, park: try options.park(park), tab: tab, lot: nil, exitAfterFirstPaint: exitAfterFirstPaint)
    }
}

/// Runs the full-screen app on a terminal, or prints the tab once otherwise.
func runScreen(options: AppOptions, park: ParkID?, tab: AppTab, lot: LotID?, exitAfterFirstPaint: Bool = false) async throws {
    let store = try options.store(park: park, tab: tab, lot: lot)
    guard Terminal.isInteractive else {
        try await printScreen(tab, store: store, options: options, json: false, refresh: false)
        return
    }
    var app = InteractiveApp(store: store, language: options.language(settings: store.snapshot.settings), mode: .terminal(environment: options.environment))
    app.exitAfterFirstPaint = exitAfterFirstPaint
    let status = await app.run()
    if status != 0 { throw ExitCode(status) }
}

func printScreen(_ tab: AppTab, store: AppStore, options: AppOptions, json: Bool, refresh: Bool) async throws {
    let mode: RenderMode = Terminal.isInteractive ? .terminal(environment: options.environment) : .plain
    let output = await PrintedScreen.run(tab, store: store, json: json, refresh: refresh, context: options.context(), mode: mode)
    FileHandle.standardOutput.write(Data(output.stdout.utf8))
    printError(output.stderr)
    if output.status != 0 { throw ExitCode(output.status) }
}

extension AppTab: ExpressibleByArgument {}

/// One screen printed once: `home`, `parking`, `forecast`, `outing`.
protocol ParkScreenCommand: AsyncParsableCommand {
    static var tab: AppTab { get }
    var options: AppOptions { get }
    var park: String? { get }
    var json: Bool { get }
    var refresh: Bool { get }
}

extension ParkScreenCommand {
    func run() async throws {
        let store = try options.store(park: try options.park(park), tab: Self.tab)
        try await printScreen(Self.tab, store: store, options: options, json: json, refresh: refresh)
    }
}

struct HomeCommand: ParkScreenCommand {
    static let configuration = CommandConfiguration(commandName: "home", abstract: "Print a park's home screen once.")
    static let tab = AppTab.home
    @OptionGroup var options: AppOptions
    @Argument(help: "Park (id, English or Korean name); default: first favourite, nearest to home, or Yeouido.") var park: String?
    @Flag(help: "JSON for machines: the /v2 data with trust, origin and fetch time.") var json = false
    @Flag(help: "Ask the server even when the cache is current.") var refresh = false
}

struct ParkingCommand: ParkScreenCommand {
    static let configuration = CommandConfiguration(commandName: "parking", abstract: "Print every lot of a park once.")
    static let tab = AppTab.parking
    @OptionGroup var options: AppOptions
    @Argument(help: "Park (id, English or Korean name).") var park: String?
    @Flag(help: "JSON for machines.") var json = false
    @Flag(help: "Ask the server even when the cache is current.") var refresh = false
}

struct ForecastCommand: ParkScreenCommand {
    static let configuration = CommandConfiguration(commandName: "forecast", abstract: "Print a park's parking and crowd forecast once.")
    static let tab = AppTab.forecast
    @OptionGroup var options: AppOptions
    @Argument(help: "Park (id, English or Korean name).") var park: String?
    @Flag(help: "JSON for machines.") var json = false
    @Flag(help: "Ask the server even when the cache is current.") var refresh = false
}

struct OutingCommand: ParkScreenCommand {
    static let configuration = CommandConfiguration(commandName: "outing", abstract: "Print crowd, weather, events, notices, facilities and sources once.")
    static let tab = AppTab.outing
    @OptionGroup var options: AppOptions
    @Argument(help: "Park (id, English or Korean name).") var park: String?
    @Flag(help: "JSON for machines.") var json = false
    @Flag(help: "Ask the server even when the cache is current.") var refresh = false
}

struct ParksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "parks", abstract: "Print the 11 parks with remaining spaces and crowd.")
    @OptionGroup var options: AppOptions
    @Flag(help: "JSON for machines.") var json = false
    @Flag(help: "Ask the server even when the cache is current.") var refresh = false

    func run() async throws {
        try await printScreen(.parks, store: try options.store(tab: .parks), options: options, json: json, refresh: refresh)
    }
}

/// `hangangjari open hangangjari://park/yeouido/parking`: the same park and screen the link names.
struct OpenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open", abstract: "Open a hangangjari:// link (what the desktop runs for xdg-open).")
    @OptionGroup var options: AppOptions
    @Argument(help: "A link such as hangangjari://park/yeouido/parking?lot=yeouido-3") var link: String

    func run() async throws {
        let parsed: DeepLink
        do {
            parsed = try DeepLink(parsing: link)
        } catch {
            throw ValidationError(options.context().l(.messageBadLink, "\(error)"))
        }
        _ = try options.park(parsed.parkId.rawValue)
        if let lot = parsed.lotId, Catalog.bundled.lot(lot)?.parkId != parsed.parkId {
            throw ValidationError(options.context().l(.messageBadLink, "lot '\(lot.rawValue)' is not in \(parsed.parkId.rawValue)"))
        }
        try await runScreen(options: options, park: parsed.parkId, tab: AppTab(parsed.screen), lot: parsed.lotId)
    }
}
