import AppBackend
import AppConfigFile
import AppCore
import AppLive
import AppScreens
import ArgumentParser
import CommandLineSupport
import Foundation
import Localization
import Models
import ScreenRows
import Storage

/// Options every command shares.
struct AppOptions: ParsableArguments {
    @Option(help: ArgumentHelp(helpText(.helpOptApi)))
    var api: String?

    @Option(name: .customLong("state-dir"), help: ArgumentHelp(helpText(.helpOptStateDir)), completion: .directory)
    var stateDir: String?

    @Option(help: ArgumentHelp(helpText(.helpOptLang)))
    var lang: Language?

    @Option(help: ArgumentHelp(helpText(.helpOptTimeout)))
    var timeout: Double = 8

    /// These options in `context`: the wiring they imply.
    func bound(_ context: CommandContext) -> BoundOptions { BoundOptions(options: self, commandContext: context) }
}

/// The shared options in a command's context, and the wiring they imply.
struct BoundOptions {
    let options: AppOptions
    let commandContext: CommandContext

    var environment: [String: String] { commandContext.environment }
    var timeout: Double { options.timeout }

    func container() throws -> SharedContainer {
        do { return try SharedContainer.resolve(explicit: options.stateDir, environment: environment) } catch {
            throw ValidationError(Reason(error).text(CommandLineHelp.localizer))
        }
    }

    var configuration: AppConfiguration { AppConfiguration.resolve(apiFlag: options.api, environment: environment) }

    /// The wall clock: the context's when it hands one, else the system's or the one `HANGANGJARI_CLOCK` pins.
    func clock() throws -> WallClock {
        if let clock = commandContext.clock { return clock }
        do { return try WallClock.from(environment: environment) } catch { throw ValidationError(error.description) }
    }

    func language(settings: Settings? = nil) -> Language { languageChoice(settings: settings).language }

    /// The language in effect and where it came from (`Language.choose`: flag, config.toml, settings, locale).
    func languageChoice(settings: Settings? = nil) -> (language: Language, source: Language.Source) {
        let settings = settings ?? (try? container()).map { SettingsStore(container: $0).load().settings }
        return Language.choose(
            flag: options.lang?.rawValue, configFile: configuration.language, settings: settings?.language,
            environment: environment)
    }

    /// The store over the live environment, showing `park` on `tab`.
    func store(park: ParkID? = nil, tab: AppTab = .home, lot: LotID? = nil) throws -> AppStore {
        let simulated = BackendOrigin(configuration) == .embedded(realData: false)
        return AppStore(park: park, tab: tab, lot: lot, simulated: simulated, environment: try appEnvironment())
    }

    /// The live environment; the cache's warnings go to stderr.
    func appEnvironment() throws -> AppEnvironment {
        let (environment, warnings) = AppEnvironment.live(
            configuration: configuration, embedded: commandContext.embedded, container: try container(),
            environment: self.environment, timeout: timeout, clock: try clock())
        if !warnings.isEmpty {
            let l = context().l
            commandContext.printError(warnings.map { $0.text(l) })
        }
        return environment
    }

    /// The screen context; `settings` already loaded spare reading the settings file again.
    func context(settings: Settings? = nil) -> ScreenContext {
        let columns = Int(environment["COLUMNS"] ?? "").flatMap { $0 >= 40 ? $0 : nil } ?? 80
        let settings = settings ?? (try? container()).map { SettingsStore(container: $0).load().settings }
        return ScreenContext(
            language: language(settings: settings), now: ((try? clock()) ?? .system).now(),
            machineOffsetSeconds: TimeZone.current.secondsFromGMT(), width: columns,
            ambiguous: settings?.ambiguousWidth ?? .single)
    }

    /// A park from what the user typed, or a usage error naming the closest parks.
    func park(_ query: String?) throws -> ParkID? {
        guard let query else { return nil }
        do { return try ParkLookup.find(query, in: .bundled).id } catch { throw unknownPark(error) }
    }

    /// The usage error for a name that matched no park, naming the closest parks.
    func unknownPark(_ error: ParkLookup.NotFound) -> ValidationError {
        let l = Localizer(language())
        var text = l(.cliUnknownPark, error.query)
        if !error.suggestions.isEmpty {
            text += " " + l(.cliDidYouMean, error.suggestions.map(\.rawValue).joined(separator: ", "))
        }
        return ValidationError(text + " " + l(.cliListParks))
    }
}
