import Foundation
import Logging
import Models
import ServerFaults
import ServerForecasting
import ServerHTTP
import ServerTrust
import Storage
import WebPush

/// How `hangangjari-server serve` is configured: the environment first (HOST, PORT, SOURCE, SEOUL_OPEN_DATA_KEY, ...,
/// as a systemd unit or a container sets them), flags as overrides. Secrets come from the environment or `*_FILE`
/// only, never from flags: argv is visible to every user in `ps`.
public struct ServerSettings: Sendable {
    /// Values given as flags; nil means "not given".
    public struct Overrides: Sendable {
        public var host: String?
        public var port: Int?
        public var source: String?
        public var unsignedReads: String?
        public var history: String?
        public var tokenLifetime: Int?
        public var seoulCallInterval: Double?
        public var faults: String?
        public init() {}
    }

    /// A setting that cannot be used, named by its variable or flag.
    public struct Invalid: Error, CustomStringConvertible, Equatable {
        public let setting: String
        public let reason: String
        public var description: String { "\(setting): \(reason)" }
    }

    /// Every variable `serve` reads, for `--help` and the README.
    public static let variables: [(name: String, meaning: String)] = [
        ("HOST", "address to bind (default 127.0.0.1)"),
        ("PORT", "port (default 8080; 0 picks a free one)"),
        ("SOURCE", "simulated (default) or seoul"),
        ("SEOUL_OPEN_DATA_KEY / _FILE", "the Seoul Open Data key (needed for SOURCE=seoul)"),
        ("SEOUL_OPEN_DATA_URL", "the Seoul Open Data base URL"),
        ("SEOUL_CALL_INTERVAL", "fewest seconds between two citydata calls for one area (default 300)"),
        ("UNSIGNED_READS", "allow (default) or deny reads without a request proof"),
        ("HISTORY_PATH", "forecast history SQLite file, or memory"),
        (
            "DATABASE_URL / _FILE",
            "postgres://user:password@host:port/database?sslmode=disable|prefer|require: history, collector lease and snapshots shared by every instance (instead of HISTORY_PATH)"
        ),
        (
            "COLLECTION_INTERVAL",
            "seconds between two parking reads, and the longest a collector failover waits (default 60)"
        ),
        ("TOKEN_LIFETIME", "access token lifetime in seconds (default 3600)"),
        ("BACKFILL_DAYS", "days of simulated history made at start, 0 to 35 (simulated source only; default 28)"),
        (
            "ADMIN_TOKEN / _FILE",
            "enables /admin and /metrics for callers that send it as a bearer token (16+ characters)"
        ),
        (
            "TOKEN_KEYS / _FILE",
            "id:base64,... root keys of access tokens, the same on every instance; the first signs (default: the database's, rotated with `keys rotate`, with DATABASE_URL; else random per process)"
        ),
        ("TRUSTED_PROXIES", "addresses or CIDR ranges whose X-Forwarded-For is believed (default: none)"),
        ("REQUEST_TIMEOUT", "seconds a request may take before it is answered 503 (default 10)"),
        ("ACCESS_LOG", "on (default) or off: one log line per request"),
        ("LOG_LEVEL", "trace, debug, info (default), notice, warning, error, critical"),
        ("WEB", "on (default) or off: the web pages (/, /p/{park}/...) beside the /v2 API"),
        (
            "FORECAST_LEARNING",
            "on (default) or off: the collecting instance retrains the parking forecast (XGBoost) at most daily on the history; off, or before \(ForecastTraining.minimumDays) days of history, the rule forecasts"
        ),
        (
            "PUBLIC_URL",
            "the address people reach this deployment at (https://host[/prefix]); clients then hand phones its pages"
        ),
        (
            "VAPID_SUBJECT",
            "mailto: or https: contact for push services; set, the server sends alerts to phones by Web Push (the VAPID key is made at first start and kept in the shared store)"
        ),
        (
            "PUSH_SERVICES",
            "push service hosts alerts are sent to, comma-separated, *.domain for any below it (default fcm.googleapis.com, updates.push.services.mozilla.com, *.push.apple.com, *.notify.windows.com)"
        ),
        ("PUSH_TIMEOUT", "seconds a push service may take to answer one alert, 1 to 60 (default 10)"),
        (
            "PUSH_TEST_ENDPOINTS",
            "test-only: allow plain http and loopback or private addresses as push endpoints (never in a deployment)"
        ),
    ]

    /// The configuration, or the first setting that cannot be used.
    public static func configuration(environment: [String: String], overrides: Overrides) throws(Invalid)
        -> ServerConfiguration
    {
        var configuration = ServerConfiguration()
        func value(_ flag: String?, _ variable: String) -> String? {
            if let flag { return flag }
            guard let set = environment[variable], !set.isEmpty else { return nil }
            return set
        }
        func secret(_ name: String) throws(Invalid) -> String? {
            do { return try Secret.read(name, environment: environment) } catch {
                throw Invalid(setting: name + "_FILE", reason: "\(error.path) cannot be read")
            }
        }
        if let url = try secret("DATABASE_URL") {
            guard url.hasPrefix("postgres://") || url.hasPrefix("postgresql://") else {
                throw Invalid(setting: "DATABASE_URL", reason: "must be postgres://user:password@host:port/database")
            }
            guard overrides.history == nil, (environment["HISTORY_PATH"] ?? "").isEmpty else {
                throw Invalid(setting: "HISTORY_PATH", reason: "history is kept in DATABASE_URL; set one of the two")
            }
            configuration.databaseURL = url
        }
        /// A duration in seconds from `variable`, nil when unset.
        func seconds(_ variable: String, within range: ClosedRange<Double>) throws(Invalid) -> Duration? {
            guard let text = environment[variable] else { return nil }
            guard let seconds = Double(text), range.contains(seconds) else {
                throw Invalid(
                    setting: variable, reason: "must be \(Int(range.lowerBound)) to \(Int(range.upperBound)) seconds")
            }
            return .milliseconds(Int64(seconds * 1000))
        }
        configuration.databaseTimeout =
            try seconds("DATABASE_TIMEOUT", within: 1...120) ?? configuration.databaseTimeout
        configuration.collectionInterval =
            try seconds("COLLECTION_INTERVAL", within: 1...3600) ?? configuration.collectionInterval
        configuration.host = value(overrides.host, "HOST") ?? configuration.host
        if let port = overrides.port ?? environment["PORT"].map({ Int($0) ?? -1 }) {
            guard (0...65_535).contains(port) else { throw Invalid(setting: "PORT", reason: "must be 0 to 65535") }
            configuration.port = port
        }
        switch value(overrides.unsignedReads, "UNSIGNED_READS") ?? "allow" {
        case "allow": configuration.unsignedReadsAllowed = true
        case "deny": configuration.unsignedReadsAllowed = false
        case let other: throw Invalid(setting: "UNSIGNED_READS", reason: "'\(other)' is not allow or deny")
        }
        let source = value(overrides.source, "SOURCE") ?? "simulated"
        switch source {
        case "simulated": configuration.source = .simulated
        case "seoul":
            guard let key = try secret("SEOUL_OPEN_DATA_KEY") else {
                throw Invalid(setting: "SOURCE=seoul", reason: "needs SEOUL_OPEN_DATA_KEY or SEOUL_OPEN_DATA_KEY_FILE")
            }
            configuration.source = .seoul(
                key: key, baseURL: environment["SEOUL_OPEN_DATA_URL"] ?? "http://openapi.seoul.go.kr:8088")
        default: throw Invalid(setting: "SOURCE", reason: "'\(source)' is not simulated or seoul")
        }
        if let interval = overrides.seoulCallInterval ?? environment["SEOUL_CALL_INTERVAL"].map({ Double($0) ?? 0 }) {
            guard interval >= 1 else {
                throw Invalid(setting: "SEOUL_CALL_INTERVAL", reason: "must be at least 1 second")
            }
            configuration.seoulCallInterval = interval
        }
        if let lifetime = overrides.tokenLifetime ?? environment["TOKEN_LIFETIME"].map({ Int($0) ?? 0 }) {
            guard (1...86_400).contains(lifetime) else {
                throw Invalid(setting: "TOKEN_LIFETIME", reason: "must be 1 to 86400 seconds")
            }
            configuration.tokenLifetime = TimeInterval(lifetime)
        }
        if let days = environment["BACKFILL_DAYS"] {
            guard let count = Int(days), (0...35).contains(count) else {
                throw Invalid(setting: "BACKFILL_DAYS", reason: "must be 0 to 35")
            }
            configuration.backfillDays = count
        }
        configuration.requestTimeout = try seconds("REQUEST_TIMEOUT", within: 1...300) ?? configuration.requestTimeout
        if let admin = try secret("ADMIN_TOKEN") {
            do { configuration.adminToken = try AdminToken(admin) } catch {
                throw Invalid(setting: "ADMIN_TOKEN", reason: error.description)
            }
        }
        if let keys = try secret("TOKEN_KEYS") {
            do { configuration.tokenKeys = try TokenKeys(parsing: keys) } catch {
                throw Invalid(setting: "TOKEN_KEYS", reason: error.description)
            }
        }
        if let proxies = environment["TRUSTED_PROXIES"] {
            do { configuration.trustedProxies = try TrustedProxies(parsing: proxies) } catch {
                throw Invalid(setting: "TRUSTED_PROXIES", reason: error.description)
            }
        }
        switch environment["ACCESS_LOG"] ?? "on" {
        case "on": configuration.accessLog = true
        case "off": configuration.accessLog = false
        case let other: throw Invalid(setting: "ACCESS_LOG", reason: "'\(other)' is not on or off")
        }
        switch environment["FORECAST_LEARNING"] ?? "on" {
        case "on": configuration.learnForecasts = true
        case "off": configuration.learnForecasts = false
        case let other: throw Invalid(setting: "FORECAST_LEARNING", reason: "'\(other)' is not on or off")
        }
        switch environment["WEB"] ?? "on" {
        case "on": configuration.webPages = true
        case "off": configuration.webPages = false
        case let other: throw Invalid(setting: "WEB", reason: "'\(other)' is not on or off")
        }
        if let url = environment["PUBLIC_URL"], !url.isEmpty {
            do { configuration.publicURL = try PublicURL(url) } catch {
                throw Invalid(setting: "PUBLIC_URL", reason: error.description)
            }
        }
        if let subject = environment["VAPID_SUBJECT"], !subject.isEmpty {
            guard VAPIDToken.validSubject(subject) else {
                throw Invalid(
                    setting: "VAPID_SUBJECT", reason: "'\(subject)' is not a mailto: address or an https: URL")
            }
            let local: Bool
            switch environment["PUSH_TEST_ENDPOINTS"] ?? "off" {
            case "off": local = false
            case "test-only": local = true
            case let other:
                throw Invalid(setting: "PUSH_TEST_ENDPOINTS", reason: "'\(other)' is not off or test-only")
            }
            var endpoints = PushEndpointPolicy(allowsLocalForTests: local)
            if let services = environment["PUSH_SERVICES"], !services.isEmpty {
                do { endpoints = try PushEndpointPolicy(parsing: services, allowsLocalForTests: local) } catch {
                    throw Invalid(setting: "PUSH_SERVICES", reason: error.description)
                }
            }
            let timeout = try seconds("PUSH_TIMEOUT", within: 1...60) ?? .seconds(10)
            configuration.push = PushConfiguration(
                subject: subject, endpoints: endpoints,
                timeout: Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18)
        } else if environment["PUSH_SERVICES"] != nil || environment["PUSH_TEST_ENDPOINTS"] != nil
            || environment["PUSH_TIMEOUT"] != nil
        {
            throw Invalid(setting: "VAPID_SUBJECT", reason: "push settings are given but VAPID_SUBJECT is not set")
        }
        if let level = environment["LOG_LEVEL"] {
            guard Logger.Level(rawValue: level) != nil else {
                let levels = Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
                throw Invalid(setting: "LOG_LEVEL", reason: "'\(level)' is not one of \(levels)")
            }
            configuration.logLevel = level
        }
        do {
            configuration.historyPath = try HistoryLocation.path(
                flag: overrides.history, seoul: source == "seoul", environment: environment)
        } catch {
            throw Invalid(setting: "HISTORY_PATH", reason: "\(error)")
        }
        do { configuration.faults = try FaultSettings(parsing: overrides.faults ?? "none") } catch {
            throw Invalid(setting: "--faults", reason: error.description)
        }
        do { configuration.now = try WallClock.from(environment: environment).now } catch {
            throw Invalid(setting: "HANGANGJARI_CLOCK", reason: error.description)
        }
        return configuration
    }
}

/// Where the server keeps forecast history: `--history`, else `HISTORY_PATH` (`memory` for none), else memory for
/// simulated data and `$XDG_STATE_HOME/hangangjari/server-history.sqlite` for Seoul data.
public enum HistoryLocation {
    public static func path(flag: String?, seoul: Bool, environment: [String: String]) throws -> String? {
        if let chosen = flag ?? environment["HISTORY_PATH"], !chosen.isEmpty {
            return chosen == "memory" ? nil : chosen
        }
        guard seoul else { return nil }
        let directory = try XDG.stateHome(environment).appendingPathComponent("hangangjari")
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return directory.appendingPathComponent("server-history.sqlite").path
    }
}
