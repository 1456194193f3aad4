import AppBackend
import AppConfigFile
import AppCore
import AppLive
import AppScreens
import ArgumentParser
import Cache
import CommandLineSupport
import Foundation
import Localization
import Models
import Repositories
import ScreenRows
import Storage

extension MapProvider: ExpressibleByArgument {}
extension TravelMode: ExpressibleByArgument {}

struct DirectionsCommand: AppCommand {
    static let configuration = CommandConfiguration(
        commandName: "directions", abstract: helpText(.helpCmdDirections))
    @OptionGroup var options: AppOptions
    @Argument(help: ArgumentHelp(helpText(.helpArgPark)), completion: CompletionLists.parks) var park: String
    @Option(help: ArgumentHelp(helpText(.helpOptLot))) var lot: String?
    @Option(help: ArgumentHelp(helpText(.helpOptBy))) var by: TravelMode = .car
    @Option(help: ArgumentHelp(helpText(.helpOptMap))) var map: MapProvider = .kakao
    @Flag(help: ArgumentHelp(helpText(.helpOptQr))) var qr = false

    func validate() throws {
        if let why = MapLinks.unroutable(map, by) { throw ValidationError(CommandLineHelp.localizer(why)) }
    }

    func run(in context: CommandContext) async throws {
        let options = self.options.bound(context)
        let id = try options.park(park)!
        let container = try options.container()
        let cache = BackendSession.openCache(origin: BackendOrigin(options.configuration), container: container)
        let summary = ReadThroughCache(cache: cache).cached(.homeSummary(id, policy: CachePolicy()))?.value
        let request: DirectionsRequest?
        do {
            request = try DirectionsRequest.resolve(
                park: id, lot: lot.map { LotID($0) }, mode: by, summary: summary, catalog: .bundled)
        } catch {
            guard case .lotNotInPark(let lot, let park, let lots) = error else { throw ValidationError("\(error)") }
            throw ValidationError(options.context().l(.errorLotNotInPark, lot, park, lots.joined(separator: ", ")))
        }
        guard let request else { return }
        let home = SettingsStore(container: container).load().settings.home
        let url = MapLinks.url(request, map: map, from: home)
        if qr {
            let mode = context.outputIsTerminal ? RenderMode.terminal(environment: options.environment) : .plain
            let ctx = options.context()
            for line in DirectionsCode.lines(url: url, ctx) {
                context.print(line.render(width: 400, mode: mode, widths: ctx.widths, pad: false))
            }
            return
        }
        context.print(url)
        if DesktopOpener.open(url, environment: options.environment) {
            context.printError([options.context().l(.messageDirectionsOpened, url)])
        }
    }
}

struct DoctorCommand: AppCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor", abstract: helpText(.helpCmdDoctor))
    @OptionGroup var options: AppOptions
    @Flag(help: ArgumentHelp(helpText(.helpOptJson))) var json = false

    func run(in context: CommandContext) async throws {
        let options = self.options.bound(context)
        let results = await Doctor.run(
            configuration: options.configuration, container: try options.container(), embedded: context.embedded,
            timeout: options.timeout, clock: try options.clock())
        let ctx = options.context()
        if json { context.print(DoctorJSON.render(results, ctx.l)) }
        for result in results where !json {
            let status = ctx.l(
                result.status == .ok
                    ? .doctorStatusOk : result.status == .warning ? .doctorStatusWarning : .doctorStatusFailed)
            context.print(
                ctx.widths.drawn(
                    ctx.widths.padded(ctx.l(DoctorWords.name(result.check)), to: 18) + ctx.widths.padded(status, to: 8)
                        + result.detail.text(ctx.l)))
        }
        if Doctor.overall(results) == .failed { throw ExitCode(ExitStatus.unavailable) }
    }
}

struct CacheCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache", abstract: helpText(.helpCmdCache), subcommands: [Clear.self])

    struct Clear: AppCommand {
        static let configuration = CommandConfiguration(abstract: helpText(.helpCmdCacheClear))
        @OptionGroup var options: AppOptions

        func run(in context: CommandContext) async throws {
            let options = self.options.bound(context)
            let container = try options.container()
            var cleared: [String] = []
            for origin in [BackendOrigin.configured(url: ""), .embedded(realData: false), .embedded(realData: true)]
            where FileManager.default.fileExists(atPath: container.file(origin.cacheFileName).path) {
                guard let cache = BackendSession.openCache(origin: origin, container: container) else { continue }
                try cache.clear()
                cleared.append(cache.url.path)
            }
            context.print(
                options.context().l(
                    .cliCacheCleared, cleared.isEmpty ? container.url.path : cleared.joined(separator: ", ")))
        }
    }
}

struct InstallDesktopCommand: AppCommand {
    static let configuration = CommandConfiguration(
        commandName: "install-desktop", abstract: helpText(.helpCmdInstallDesktop))
    @OptionGroup var options: AppOptions
    @Flag(help: ArgumentHelp(helpText(.helpOptRemoveDesktop))) var remove = false

    func run(in context: CommandContext) async throws {
        let options = self.options.bound(context)
        if remove {
            let changed = try DesktopIntegration.uninstall(environment: options.environment)
            context.print(
                options.context().l(.cliDesktopRemoved, changed.isEmpty ? "-" : changed.joined(separator: ", ")))
            return
        }
        let installed = try DesktopIntegration.install(
            executable: context.executablePath, environment: options.environment)
        context.print(options.context().l(.cliDesktopInstalled, installed.desktopFile, installed.mimeapps))
    }
}

struct CatalogCommand: AppCommand {
    static let configuration = CommandConfiguration(commandName: "catalog", abstract: helpText(.helpCmdCatalog))

    @Option(help: ArgumentHelp(helpText(.helpOptLang)))
    var lang: Language?

    func run(in context: CommandContext) async throws {
        let environment = context.environment
        let configured = AppConfiguration.resolve(apiFlag: nil, environment: environment).language
        context.print(
            CatalogListing.render(
                Catalog.bundled,
                Localizer(
                    Language.resolve(
                        flag: lang?.rawValue, configFile: configured, settings: nil, environment: environment))))
    }
}
