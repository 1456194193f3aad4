import AppCore
import Foundation
import Localization
import Models
import ScreenRows
import Storage

/// `hangangjari alerts` and `hangangjari settings` in words, and the settings as JSON for scripts.
public enum SettingsListing {
    /// The name of what an alert watches: "Yeouido Lot 3 (yeouido-3)" or "Banpo (banpo, all lots)".
    public static func name(_ target: AlertTarget, _ ctx: ScreenContext) -> String {
        switch target {
        case .lot(let id): "\(ctx.catalog.lot(id).map(ctx.name) ?? id.rawValue) (\(id.rawValue))"
        case .park(let id): ctx.l(.settingsParkTarget, ctx.shortName(id), id.rawValue)
        }
    }

    /// Alerts on or off, quiet hours, and one line per threshold.
    public static func alerts(_ settings: Settings, _ ctx: ScreenContext) -> [String] {
        let l = ctx.l
        var lines = [l(settings.alertsEnabled ? .settingsAlertsOn : .settingsAlertsOff)]
        if let from = settings.quietFrom, let until = settings.quietUntil {
            lines.append(l(.settingsQuietHours, from, until))
        } else {
            lines.append(l(.settingsNoQuietHours))
        }
        let thresholds = settings.thresholds
        if thresholds.isEmpty { lines.append(l(.settingsNoThresholds)) }
        let names = thresholds.map { name($0.target, ctx) }
        let width = names.map(ctx.widths.of).max() ?? 0
        for (threshold, name) in zip(thresholds, names) {
            lines.append(
                "  " + ctx.widths.padded(name, to: width + 2) + l.plural(.settingsBelow, count: threshold.spaces))
        }
        return lines.map(ctx.widths.drawn)
    }

    /// Everything a person can set, where it is kept, and the values in effect.
    public static func all(_ view: SettingsView, _ ctx: ScreenContext) -> [String] {
        let l = ctx.l
        let width = 18
        func row(_ key: L10nKey, _ value: String) -> String { ctx.widths.padded(l(key), to: width) + value }
        let code = view.language.rawValue
        let language =
            switch view.languageSource {
            case .flag: l(.settingsFromFlag, code)
            case .configFile: l(.settingsFromConfigFile, code)
            case .settings: l(.settingsChosen, code)
            case .locale: l(.settingsAutomatic, code)
            case .fallback: l(.settingsDefaultLanguage, code)
            }
        var lines = [
            row(.settingsLanguage, language),
            row(.settingsApi, view.configuration.apiURL ?? l(.settingsEmbedded)),
            row(.settingsStrictSigning, l(view.configuration.strictSigning ? .settingsOn : .settingsOff)),
            row(.settingsAmbiguousWidth, (view.settings.ambiguousWidth ?? .single).rawValue),
            row(
                .settingsFavorites,
                view.settings.favorites.isEmpty ? "-" : view.settings.favorites.map(\.rawValue).joined(separator: ", ")),
            row(.settingsHome, view.settings.home == nil ? l(.settingsNotSet) : l(.settingsSet)),
            row(.settingsFiles, view.settingsFile),
            row(.settingsConfigFile, view.configFile),
        ]
        lines += [""] + alerts(view.settings, ctx)
        return lines.map(ctx.widths.drawn)
    }

    /// The values in effect, where they come from.
    public struct SettingsView: Sendable {
        public var settings: Settings
        public var configuration: AppConfiguration
        public var language: Language
        /// Where `language` came from.
        public var languageSource: Language.Source
        public var settingsFile: String
        public var configFile: String

        public init(
            settings: Settings, configuration: AppConfiguration,
            language: (language: Language, source: Language.Source),
            settingsFile: String, configFile: String
        ) {
            self.settings = settings
            self.configuration = configuration
            self.language = language.language
            self.languageSource = language.source
            self.settingsFile = settingsFile
            self.configFile = configFile
        }
    }

    struct JSONView: Encodable {
        var version: String
        var language: String
        var languageChosen: String?
        /// `flag`, `config.toml`, `settings`, `locale` or `default`.
        var languageSource: String
        var api: String?
        var strictSigning: Bool
        var favorites: [ParkID]
        var widgetParks: [WidgetKind: ParkID]
        var homeSet: Bool
        var alertsEnabled: Bool
        var alertThresholds: [String: Int]
        var quietFrom: String?
        var quietUntil: String?
        var ambiguousWidth: AmbiguousWidth
        var settingsFile: String
        var configFile: String
    }

    /// One JSON document (the home position itself is never printed).
    public static func json(_ view: SettingsView) -> String {
        let thresholds = Dictionary(uniqueKeysWithValues: view.settings.thresholds.map { ($0.target.id, $0.spaces) })
        return ContractCoding.text(
            JSONView(
                version: ProductVersion.current, language: view.language.rawValue,
                languageChosen: view.settings.language, languageSource: view.languageSource.word,
                api: view.configuration.apiURL, strictSigning: view.configuration.strictSigning,
                favorites: view.settings.favorites,
                widgetParks: view.settings.widgetParks, homeSet: view.settings.home != nil,
                alertsEnabled: view.settings.alertsEnabled,
                alertThresholds: thresholds, quietFrom: view.settings.quietFrom, quietUntil: view.settings.quietUntil,
                ambiguousWidth: view.settings.ambiguousWidth ?? .single, settingsFile: view.settingsFile,
                configFile: view.configFile))
    }
}

extension Language.Source {
    /// The word `settings --json` gives for it.
    var word: String {
        switch self {
        case .flag: "flag"
        case .configFile: "config.toml"
        case .settings: "settings"
        case .locale: "locale"
        case .fallback: "default"
        }
    }
}
