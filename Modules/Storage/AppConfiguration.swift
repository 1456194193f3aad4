import FoundationEssentials

/// Where the API is and how to trust it: `--api` flag, then `HANGANGJARI_API`, then
/// `$XDG_CONFIG_HOME/hangangjari/config.toml` (read by `AppConfigFile`). No API configured means the embedded
/// reference backend.
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
    /// Why the config file was not read, when it could not be (its values are then absent).
    public var fileProblem: String?

    public init(apiURL: String? = nil, seoulKey: String? = nil, language: String? = nil, strictSigning: Bool = false) {
        self.apiURL = apiURL
        self.seoulKey = seoulKey
        self.language = language
        self.strictSigning = strictSigning
    }
}

extension AppConfiguration {
    /// `$XDG_CONFIG_HOME/hangangjari/config.toml`.
    public static func fileURL(_ environment: [String: String]) throws(StorageError) -> URL {
        try XDG.configHome(environment).appendingPathComponent("hangangjari/config.toml")
    }

    /// Whether the config file may name a language: a line whose key is `language`. The widget's small front, which
    /// links no TOML parser, hands such a run to the fetching half, which reads the file (`AppConfigFile`).
    public static func fileMayNameLanguage(_ environment: [String: String]) -> Bool {
        guard let url = try? fileURL(environment), let data = try? Data(contentsOf: url) else { return false }
        return String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).contains { line in
            let key = line.drop { $0 == " " || $0 == "\t" }.prefix { $0 != "=" && $0 != " " && $0 != "\t" }
            return key == "language" || key == "\"language\"" || key == "'language'"
        }
    }
}
