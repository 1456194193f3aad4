import AppCore
import ArgumentParser
import CommandLineSupport
import Foundation
import Localization
import Models
import ScreenRows
import Storage

/// `hangangjari go`: where to park for a car arriving in N minutes, or after the rough drive from a position. The
/// position and the drive times stay on this machine: the server is asked for every lot's forecast, nothing more.
/// `hangangjari go LOT --leave now` watches that lot until the arrival (``leave(for:arrival:environment:ctx:context:)``).
struct GoCommand: AppCommand {
    static let configuration = CommandConfiguration(commandName: "go", abstract: helpText(.helpCmdGo))

    @OptionGroup var options: AppOptions
    @Argument(help: ArgumentHelp(helpText(.helpArgGoLot)), completion: CompletionLists.parksAndLots) var lot: String?
    @Option(help: ArgumentHelp(helpText(.helpOptGoLeave))) var leave: String?
    @Option(help: ArgumentHelp(helpText(.helpOptGoMargin))) var margin: Int?
    // Unconditional, so that `--in -5` reaches the range check instead of reading as an option.
    @Option(name: .customLong("in"), parsing: .unconditional, help: ArgumentHelp(helpText(.helpOptGoIn)))
    var inMinutes: Int?
    @Option(name: .customLong("from"), help: ArgumentHelp(helpText(.helpOptGoFrom))) var from: String?
    @Flag(help: ArgumentHelp(helpText(.helpOptGoAll))) var all = false
    @Flag(help: ArgumentHelp(helpText(.helpOptJson))) var json = false
    @Flag(help: ArgumentHelp(helpText(.helpOptRefresh))) var refresh = false

    func validate() throws {
        let l = CommandLineHelp.localizer
        if let leave, leave != "now" { throw ValidationError(l(.cliGoLeaveNowOnly, leave)) }
        if leave != nil, lot == nil { throw ValidationError(l(.cliGoLeaveNeedsLot)) }
        if let lot, leave == nil { throw ValidationError(l(.cliGoLotNeedsLeave, lot)) }
        if let margin, !(1...1000).contains(margin) { throw ValidationError(l(.cliGoMarginRange, "\(margin)")) }
        if let lot, Catalog.bundled.findLot(lot) == nil { throw ValidationError(l(.cliGoUnknownLot, lot)) }
        if let inMinutes, !(0...ArrivalRanking.reachMinutes).contains(inMinutes) {
            throw ValidationError(l(.cliGoInRange, "\(inMinutes)", "\(ArrivalRanking.reachMinutes)"))
        }
        guard let from else { return }
        guard let start = Self.position(from) else { throw ValidationError(l(.cliGoFromInvalid, from)) }
        if !start.isInSeoul, inMinutes == nil { throw ValidationError(l(.cliGoOutsideReach, from)) }
    }

    /// `LAT,LON` as a position on Earth, or nil.
    static func position(_ text: String) -> Coordinate? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2,
            let lat = Double(parts[0].trimmingCharacters(in: .whitespaces)),
            let lon = Double(parts[1].trimmingCharacters(in: .whitespaces)),
            (-90...90).contains(lat), (-180...180).contains(lon)
        else { return nil }
        return Coordinate(lat: lat, lon: lon)
    }

    func run(in context: CommandContext) async throws {
        let options = self.options.bound(context)
        let settings = SettingsStore(container: try options.container()).load().settings
        let ctx = options.context(settings: settings)
        let arrival = try self.arrival(home: settings.home, ctx: ctx, context: context)
        let environment = try options.appEnvironment()
        if let lot = lot.flatMap(ctx.catalog.findLot) {
            return try await leave(for: lot, arrival: arrival, environment: environment, ctx: ctx, context: context)
        }
        let loaded = try? await environment.loadLotForecasts(refresh)
        let now = environment.now()
        var screen = ctx
        screen.now = now
        let candidates = GoScreen.candidates(loaded?.value, arrival: arrival, catalog: ctx.catalog, now: now)
        let limit = all ? nil : GoScreen.shownByDefault
        let verdict = GoScreen.verdict(loaded, candidates)
        if json {
            let data = try GoScreen.json(candidates, loaded: loaded, arrival: arrival, limit: limit, screen)
            context.output.standardOutput(String(decoding: data, as: UTF8.self) + "\n")
        } else {
            let mode: RenderMode = context.isInteractive ? .terminal(environment: options.environment) : .plain
            let lines = GoScreen.lines(candidates, loaded: loaded, arrival: arrival, limit: limit, screen)
            context.output.standardOutput(PrintedScreen.printed(lines, mode: mode, screen))
        }
        if case .stale(let reason) = loaded?.trust {
            context.printError([ctx.l(.messageShowingStale, reason.text(ctx.l))])
        } else if case .stale = verdict {
            context.printError([ctx.l(.goMessageNothingKnown)])
        } else if case .unavailable(let reason) = verdict {
            context.printError([ctx.l(.messageUnavailable, reason.text(ctx.l))])
        }
        if verdict.exitStatus != 0 { throw ExitCode(verdict.exitStatus) }
    }

    /// When the person arrives: `--in`, else the drive from `--from` or the saved home position. A start outside
    /// Seoul is outside the drive model's reach: said, and `--in` ranks alone when given.
    func arrival(home: Coordinate?, ctx: ScreenContext, context: CommandContext) throws -> GoScreen.Arrival {
        let start = from.flatMap(Self.position) ?? (inMinutes == nil ? home : nil)
        if let start, !start.isInSeoul {
            let place = from ?? "\(start.lat),\(start.lon)"
            guard let inMinutes else { throw Self.usage(ctx.l(.cliGoOutsideReach, place), context) }
            context.printError([ctx.l(.cliGoOutsideReachRankingIn, place, "\(inMinutes)")])
        }
        if let inMinutes { return .inMinutes(inMinutes) }
        guard let start else { throw Self.usage(ctx.l(.cliGoNoArrival), context) }
        return .drive(from: start)
    }

    /// A usage error found while running (it needs the saved settings): said on stderr, exit status 64.
    static func usage(_ text: String, _ context: CommandContext) -> ExitCode {
        context.printError([text])
        return ExitCode.validationFailure
    }
}
