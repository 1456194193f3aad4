/// The languages Hangangjari speaks.
public enum Language: String, Sendable, Hashable, CaseIterable {
    case ko, en

    /// Where a language in effect came from, in the order they are asked.
    public enum Source: Sendable, Hashable {
        /// `--lang`.
        case flag
        /// `language = "..."` in `config.toml`.
        case configFile
        /// `language` in `settings.json` (`hangangjari settings language`).
        case settings
        /// The locale variable that named it (`LC_ALL`, `LC_MESSAGES` or `LANG`).
        case locale(String)
        /// Nothing named one: English.
        case fallback
    }

    /// The one rule for every binary: `--lang`, then `config.toml`, then the settings, then `LC_ALL`, `LC_MESSAGES`,
    /// `LANG` (`ko_KR.UTF-8` means Korean); English otherwise. Empty values are passed over.
    public static func choose(
        flag: String?, configFile: String?, settings: String?, environment: [String: String]
    ) -> (language: Language, source: Source) {
        let candidates: [(String?, Source)] = [
            (flag, .flag), (configFile, .configFile), (settings, .settings),
            (environment["LC_ALL"], .locale("LC_ALL")), (environment["LC_MESSAGES"], .locale("LC_MESSAGES")),
            (environment["LANG"], .locale("LANG")),
        ]
        for (candidate, source) in candidates {
            guard let value = candidate?.lowercased(), !value.isEmpty else { continue }
            return (value.hasPrefix("ko") ? .ko : .en, source)
        }
        return (.en, .fallback)
    }

    /// The language `choose` gives.
    public static func resolve(
        flag: String?, configFile: String?, settings: String?, environment: [String: String]
    ) -> Language {
        choose(flag: flag, configFile: configFile, settings: settings, environment: environment).language
    }
}
