/// The languages Hangangjari speaks.
public enum Language: String, Sendable, Hashable, CaseIterable {
    case ko, en

    /// `--lang`, then the setting, then `LC_ALL`, `LC_MESSAGES`, `LANG` (`ko_KR.UTF-8` means Korean); English otherwise.
    public static func resolve(explicit: String?, settings: String?, environment: [String: String]) -> Language {
        for candidate in [explicit, settings, environment["LC_ALL"], environment["LC_MESSAGES"], environment["LANG"]] {
            guard let value = candidate?.lowercased(), !value.isEmpty else { continue }
            return value.hasPrefix("ko") ? .ko : .en
        }
        return .en
    }
}
