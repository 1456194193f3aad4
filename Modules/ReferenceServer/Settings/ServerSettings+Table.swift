import Foundation
import Logging
import Models
import ServerFaults
import ServerForecasting
import ServerHTTP
import ServerTrust
import WebPush

extension ServerSettings {
    /// Every setting of `serve`, in the order they are applied (a setting that reads another comes after it). A row
    /// reads its own text only when it needs it (a secret file is read once, and only when used); an error a parser
    /// throws is named by the setting it came from (`configuration` wraps it in `Invalid`).
    public static let table: [ServerSetting] = [
        ServerSetting(
            "HOST", flag: "host", "address to bind", default: { $0.host },
            apply: { read, c, _ in
                if let text = try read() { c.host = text }
            }),
        ServerSetting(
            "PORT", flag: "port", "port, 0 picks a free one", default: { "\($0.port)" },
            apply: { read, c, given in
                if let text = try read() { c.port = try SettingText.integer(text, 0...65_535, given.name(port)) }
            }),
        ServerSetting(
            "SOURCE", flag: "source", "simulated or seoul", default: { $0.source.word },
            apply: { read, c, given in
                switch try read() ?? c.source.word {
                case "simulated": c.source = .simulated
                case "seoul":
                    guard let key = try given.text(seoulKey) else {
                        throw Invalid(
                            setting: "SOURCE=seoul", reason: "needs SEOUL_OPEN_DATA_KEY or SEOUL_OPEN_DATA_KEY_FILE")
                    }
                    c.source = .seoul(key: key, baseURL: try given.text(seoulURL) ?? DataSourceMode.seoulBaseURL)
                case let other:
                    throw Invalid(setting: given.name(source), reason: "'\(other)' is not simulated or seoul")
                }
            }),
        ServerSetting(
            "SEOUL_OPEN_DATA_KEY", secret: true, "the Seoul Open Data key (needed for SOURCE=seoul)",
            apply: {
                _, _, _ in  // read by SOURCE
            }),
        ServerSetting(
            "SEOUL_OPEN_DATA_URL", "the Seoul Open Data base URL", default: { _ in DataSourceMode.seoulBaseURL },
            apply: {
                _, _, _ in  // read by SOURCE
            }),
        ServerSetting(
            "SEOUL_CALL_INTERVAL", flag: "seoul-interval", "fewest seconds between two citydata calls for one area",
            default: { SettingText.shown($0.seoulCallInterval) },
            apply: { read, c, given in
                if let text = try read() {
                    c.seoulCallInterval = try SettingText.number(text, 1...86_400, given.name(seoulInterval))
                }
            }),
        ServerSetting(
            "UNSIGNED_READS", flag: "unsigned-reads", "allow or deny reads without a request proof",
            default: { $0.unsignedReadsAllowed ? "allow" : "deny" },
            apply: { read, c, given in
                if let text = try read() {
                    c.unsignedReadsAllowed = try SettingText.choice(
                        text, ["allow": true, "deny": false], given.name(unsignedReads))
                }
            }),
        ServerSetting(
            "DATABASE_URL", secret: true,
            "postgres://user:password@host:port/database?sslmode=disable|prefer|require: history, client records, access keys, collector lease and collected values shared by every instance (instead of HISTORY_PATH)",
            apply: { read, c, _ in
                guard let text = try read() else { return }
                guard text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") else {
                    throw Invalid(
                        setting: "DATABASE_URL", reason: "must be postgres://user:password@host:port/database")
                }
                c.databaseURL = text
            }),
        ServerSetting(
            "HISTORY_PATH", flag: "history",
            "forecast history in this SQLite file, or memory (default: memory for simulated data; for Seoul data $XDG_STATE_HOME/hangangjari/server-history.sqlite)",
            apply: { read, c, given in
                let text = try read()
                // Two places for history would be one too many: say which to drop instead of picking one silently.
                guard c.databaseURL == nil else {
                    if text != nil {
                        throw Invalid(
                            setting: "HISTORY_PATH", reason: "history is kept in DATABASE_URL; set one of the two")
                    }
                    return
                }
                c.historyPath = try HistoryLocation.path(
                    chosen: text, seoul: c.source != .simulated, environment: given.environment)
            }),
        ServerSetting(
            "DATABASE_TIMEOUT", "seconds one database operation may take, 1 to 120",
            default: { SettingText.shown($0.databaseTimeout) },
            apply: { read, c, _ in
                if let text = try read() {
                    c.databaseTimeout = try SettingText.duration(text, 1...120, "DATABASE_TIMEOUT")
                }
            }),
        ServerSetting(
            "COLLECTION_INTERVAL",
            "seconds between two parking reads, and the longest a collector failover waits, 1 to 3600",
            default: { SettingText.shown($0.collectionInterval) },
            apply: { read, c, _ in
                if let text = try read() {
                    c.collectionInterval = try SettingText.duration(text, 1...3600, "COLLECTION_INTERVAL")
                }
            }),
        ServerSetting(
            "TOKEN_LIFETIME", flag: "token-lifetime", "access token lifetime in seconds, 1 to 86400",
            default: { SettingText.shown($0.tokenLifetime) },
            apply: { read, c, given in
                if let text = try read() {
                    c.tokenLifetime = TimeInterval(try SettingText.integer(text, 1...86_400, given.name(tokenLifetime)))
                }
            }),
        ServerSetting(
            "BACKFILL_DAYS", "days of simulated history made at start, 0 to 35 (simulated source only)",
            default: { "\($0.backfillDays)" },
            apply: { read, c, _ in
                if let text = try read() { c.backfillDays = try SettingText.integer(text, 0...35, "BACKFILL_DAYS") }
            }),
        ServerSetting(
            "ADMIN_TOKEN", secret: true,
            "enables /admin and /metrics for callers that send it as a bearer token (16+ characters)",
            apply: { read, c, _ in
                if let text = try read() { c.adminToken = try AdminToken(text) }
            }),
        ServerSetting(
            "TOKEN_KEYS", secret: true,
            "id:base64,... root keys of access tokens, the same on every instance; the first signs (default: the database's, rotated with `keys rotate`, with DATABASE_URL; else random per process)",
            apply: { read, c, _ in
                if let text = try read() { c.tokenKeys = try TokenKeys(parsing: text) }
            }),
        ServerSetting(
            "TRUSTED_PROXIES", "addresses or CIDR ranges whose X-Forwarded-For is believed",
            default: { $0.trustedProxies == .none ? "none" : nil },
            apply: { read, c, _ in
                guard let text = try read(), text != "none" else { return }
                c.trustedProxies = try TrustedProxies(parsing: text)
            }),
        ServerSetting(
            "REQUEST_TIMEOUT", "seconds a request may take before it is answered 503, 1 to 300",
            default: { SettingText.shown($0.requestTimeout) },
            apply: { read, c, _ in
                if let text = try read() {
                    c.requestTimeout = try SettingText.duration(text, 1...300, "REQUEST_TIMEOUT")
                }
            }),
        ServerSetting(
            "ACCESS_LOG", "on or off: one log line per request", default: { SettingText.onOff($0.accessLog) },
            apply: { read, c, _ in
                if let text = try read() {
                    c.accessLog = try SettingText.choice(text, SettingText.switches, "ACCESS_LOG")
                }
            }),
        ServerSetting(
            "LOG_LEVEL", "trace, debug, info, notice, warning, error or critical", default: { $0.logLevel },
            apply: { read, c, _ in
                guard let text = try read() else { return }
                guard Logger.Level(rawValue: text) != nil else {
                    let levels = Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
                    throw Invalid(setting: "LOG_LEVEL", reason: "'\(text)' is not one of \(levels)")
                }
                c.logLevel = text
            }),
        ServerSetting(
            "WEB", "on or off: the web pages (/, /p/{park}/...) beside the /v2 API",
            default: { SettingText.onOff($0.webPages) },
            apply: { read, c, _ in
                if let text = try read() { c.webPages = try SettingText.choice(text, SettingText.switches, "WEB") }
            }),
        ServerSetting(
            "FORECAST_LEARNING",
            "on or off: the collecting instance retrains the parking forecast (XGBoost) at most daily on the history; off, or before \(ForecastTraining.minimumDays) days of history, the rule forecasts",
            default: { SettingText.onOff($0.learnForecasts) },
            apply: { read, c, _ in
                if let text = try read() {
                    c.learnForecasts = try SettingText.choice(text, SettingText.switches, "FORECAST_LEARNING")
                }
            }),
        ServerSetting(
            "PUBLIC_URL",
            "the address people reach this deployment at (https://host[/prefix]); clients then hand phones its pages",
            apply: { read, c, _ in
                if let text = try read() { c.publicURL = try PublicURL(text) }
            }),
        ServerSetting(
            "VAPID_SUBJECT",
            "mailto: or https: contact for push services; set, the server sends alerts to phones by Web Push (the VAPID key is made at first start and kept in the shared store)",
            apply: { read, c, given in
                guard let text = try read() else {
                    if [pushTestEndpoints, pushServices, pushTimeout].contains(where: given.isGiven) {
                        throw Invalid(
                            setting: "VAPID_SUBJECT", reason: "push settings are given but VAPID_SUBJECT is not set")
                    }
                    return
                }
                guard VAPIDToken.validSubject(text) else {
                    throw Invalid(
                        setting: "VAPID_SUBJECT", reason: "'\(text)' is not a mailto: address or an https: URL")
                }
                c.push = PushConfiguration(subject: text)
            }),
        ServerSetting(
            "PUSH_TEST_ENDPOINTS",
            "test-only: allow plain http and loopback or private addresses as push endpoints (never in a deployment)",
            default: { _ in "off" },
            apply: { read, c, _ in
                guard let text = try read() else { return }
                c.push?.endpoints.allowsLocalForTests = try SettingText.choice(
                    text, ["off": false, "test-only": true], "PUSH_TEST_ENDPOINTS")
            }),
        ServerSetting(
            "PUSH_SERVICES",
            "push service hosts alerts are sent to, comma-separated, *.domain for any below it",
            default: { _ in PushEndpointPolicy.defaultServices.joined(separator: ", ") },
            apply: { read, c, _ in
                guard let text = try read(), let push = c.push else { return }
                c.push?.endpoints = try PushEndpointPolicy(
                    parsing: text, allowsLocalForTests: push.endpoints.allowsLocalForTests)
            }),
        ServerSetting(
            "PUSH_TIMEOUT", "seconds a push service may take to answer one alert, 1 to 60",
            default: { _ in SettingText.shown(PushConfiguration(subject: "").timeout) },
            apply: { read, c, _ in
                guard let text = try read() else { return }
                c.push?.timeout = try SettingText.number(text, 1...60, "PUSH_TIMEOUT")
            }),
        ServerSetting(
            nil, flag: "faults",
            "faults for tests: latency=MS,5xx=N,truncate,wrong-park,garbage,failing-sources,stale-sources,rebuild-fails,reject-proofs,clock-skew=SECONDS",
            default: { _ in "none" },
            apply: { read, c, _ in c.faults = try FaultSettings(parsing: read() ?? "none") }),
    ]

    // The settings another one reads, by name.
    static var port: ServerSetting { setting("PORT") }
    static var seoulKey: ServerSetting { setting("SEOUL_OPEN_DATA_KEY") }
    static var seoulURL: ServerSetting { setting("SEOUL_OPEN_DATA_URL") }
    static var source: ServerSetting { setting("SOURCE") }
    static var seoulInterval: ServerSetting { setting("SEOUL_CALL_INTERVAL") }
    static var unsignedReads: ServerSetting { setting("UNSIGNED_READS") }
    static var tokenLifetime: ServerSetting { setting("TOKEN_LIFETIME") }
    static var pushTestEndpoints: ServerSetting { setting("PUSH_TEST_ENDPOINTS") }
    static var pushServices: ServerSetting { setting("PUSH_SERVICES") }
    static var pushTimeout: ServerSetting { setting("PUSH_TIMEOUT") }

    private static func setting(_ variable: String) -> ServerSetting {
        table.first { $0.variable == variable }!
    }
}
