import Foundation

/// Where the API is and how to trust it: `--api` flag, then `HANGANGJARI_API`, then
/// `$XDG_CONFIG_HOME/hangangjari/config.toml`. No API configured means the embedded reference backend.
public struct AppConfiguration: Sendable, Equatable {
    /// The API base URL; nil runs the embedded backend.
    public var apiURL: String?
    /// A Seoul Open Data key, for the embedded backend to show real data.
    public var seoulKey: String?
    /// Where the Seoul Open Data API is (`SEOUL_OPEN_DATA_URL`; tests point it at a local stand-in).
    public var seoulURL: String?
    /// `ko` or `en`.
    public var language: String?
    /// Never fall back to unsigned reads.
    public var strictSigning = false
    /// Where a phone opens this deployment's pages (`public_url`, `HANGANGJARI_PUBLIC_URL`), when the server does not
    /// say it itself; checked when used.
    public var publicURL: String?

    public init(apiURL: String? = nil, seoulKey: String? = nil, language: String? = nil, strictSigning: Bool = false) {
        self.apiURL = apiURL
        self.seoulKey = seoulKey
        self.language = language
        self.strictSigning = strictSigning
    }

    /// Resolves the configuration from flags, environment and the config file.
    public static func resolve(apiFlag: String?, environment: [String: String]) -> AppConfiguration {
        var configuration =
            (try? ConfigFile.url(environment))
            .flatMap { AtomicFile.read($0, limit: 64 * 1024) }
            .map { parse(String(decoding: $0, as: UTF8.self)) } ?? AppConfiguration()
        if let key = environment["SEOUL_OPEN_DATA_KEY"], !key.isEmpty { configuration.seoulKey = key }
        if let url = environment["SEOUL_OPEN_DATA_URL"], !url.isEmpty { configuration.seoulURL = url }
        if let api = environment["HANGANGJARI_API"], !api.isEmpty { configuration.apiURL = api }
        if let apiFlag, !apiFlag.isEmpty { configuration.apiURL = apiFlag }
        if let page = environment["HANGANGJARI_PUBLIC_URL"], !page.isEmpty { configuration.publicURL = page }
        return configuration
    }

    /// Reads `key = "value"` and `key = true|false` lines; comments and unknown keys are ignored.
    public static func parse(_ text: String) -> AppConfiguration {
        var configuration = AppConfiguration()
        for raw in text.split(whereSeparator: \.isNewline) {
            let line =
                raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2 else { continue }
            let value =
                parts[1].hasPrefix("\"") && parts[1].hasSuffix("\"") && parts[1].count >= 2
                ? String(parts[1].dropFirst().dropLast()) : parts[1]
            switch parts[0] {
            case "api": configuration.apiURL = value.isEmpty ? nil : value
            case "seoul_key": configuration.seoulKey = value.isEmpty ? nil : value
            case "language": configuration.language = value
            case "strict_signing": configuration.strictSigning = value == "true"
            case "public_url": configuration.publicURL = value.isEmpty ? nil : value
            default: continue
            }
        }
        return configuration
    }
}
