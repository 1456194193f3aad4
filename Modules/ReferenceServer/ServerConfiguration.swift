import Foundation
import Models
import ServerCollection
import ServerFaults
import ServerHTTP
import ServerSources
import ServerTrust

/// Where the reference backend gets its data.
public enum DataSourceMode: Sendable, Equatable {
    /// Deterministic simulated data (the default), labelled as simulated.
    case simulated
    /// Seoul's real-time city data, with a Seoul Open Data key.
    case seoul(key: String, baseURL: String = SeoulSource.productionBaseURL)

    /// Where Seoul Open Data answers in production.
    public static let seoulBaseURL = SeoulSource.productionBaseURL

    /// The word `SOURCE` takes for this mode.
    public var word: String {
        switch self {
        case .simulated: "simulated"
        case .seoul: "seoul"
        }
    }
}

/// Settings of the reference backend.
public struct ServerConfiguration: Sendable {
    public var host = "127.0.0.1"
    /// 0 picks a free port.
    public var port = 8080
    public var source: DataSourceMode = .simulated
    public var unsignedReadsAllowed = true
    public var faults = FaultSettings()
    /// Access token lifetime.
    public var tokenLifetime: TimeInterval = 3600
    /// The root keys of access tokens; shared by every instance of a deployment (random per process when nil).
    public var tokenKeys: TokenKeys?
    /// Bootstrap calls allowed per client address, and again per install id: burst and refill per second.
    public var bootstrapBurst = 20
    public var bootstrapRefillPerSecond = 0.5
    /// History in this SQLite file; in memory when nil. Ignored when the backend is given a shared store.
    public var historyPath: String?
    /// A PostgreSQL database shared by every instance of a deployment (`DATABASE_URL`): history, the collector
    /// lease and the collector's collected values. The executable opens it (module PostgresStore) and hands it over.
    public var databaseURL: String?
    /// The longest one database operation may take (`DATABASE_TIMEOUT`).
    public var databaseTimeout: Duration = .seconds(5)
    /// How often parking is read; with a shared database, also how soon another instance takes collection over.
    public var collectionInterval: Duration = SourceKind.parking.cadence
    /// Days of simulated history backfilled at start (simulated source only).
    public var backfillDays = 28
    /// The credential for `/admin/...` and `/metrics`; without one those routes do not exist.
    public var adminToken: AdminToken?
    /// Proxies whose `X-Forwarded-For` names the client (none by default).
    public var trustedProxies = TrustedProxies.none
    /// The longest a request may take before it is answered 503 (its work is cancelled).
    public var requestTimeout: Duration = .seconds(10)
    /// The name the server gives in its `Server` header.
    public static let serverName = "hangangjari-server"
    /// A connection idle this long is closed (a slow client cannot hold one open).
    public var idleTimeout: Duration = .seconds(30)
    /// One log line per request (method, path, status, milliseconds, client address).
    public var accessLog = false
    /// Hot-cache lifetime of built responses.
    public var hotCacheTTL: TimeInterval = 5
    /// Whether background collection loops run (tests can drive collection themselves).
    public var collectInBackground = true
    /// The fewest seconds between two Seoul citydata calls for one area, shared by every client.
    public var seoulCallInterval: TimeInterval = 300
    /// When set, a real source is read only for the parks asked for, at most once per this many seconds each (the
    /// embedded backend: one user, a daily quota). Nil collects every park in the background.
    public var onDemandInterval: TimeInterval?
    /// The server's clock (tests skew it).
    public var now: @Sendable () -> Date = { Date() }
    public var version = ProductVersion.current
    /// Whether the web pages are served beside the /v2 routes (`WEB`); the executable registers them.
    public var webPages = true
    /// Where people reach this deployment (`PUBLIC_URL`); nil for a loopback-only server, whose pages a phone
    /// cannot open. Clients learn it from `/v2/config/policy`.
    public var publicURL: PublicURL?
    /// Log level (`LOG_LEVEL` for `serve`).
    public var logLevel = "info"
    /// Whether parking forecasts learn from the history (FORECAST_LEARNING); the executable that links a trainer
    /// turns this into `forecastLearning`.
    public var learnForecasts = true
    /// How the collector learns its forecasts; nil forecasts by the rule (the app's embedded server, tests).
    public var forecastLearning: ForecastLearning?
    /// Web Push alerts; nil sends none (subscriptions with a push target are then refused).
    public var push: PushConfiguration?

    public init() {}
}

/// Web Push alerts (`VAPID_SUBJECT`, `PUSH_SERVICES`): who the deployment says it is to push services, and which
/// push services it sends to.
public struct PushConfiguration: Sendable, Equatable {
    /// A `mailto:` or `https:` contact for push services (RFC 8292's `sub`).
    public var subject: String
    public var endpoints: PushEndpointPolicy
    /// The longest a push service may take to answer one push (`PUSH_TIMEOUT`).
    public var timeout: TimeInterval

    public init(subject: String, endpoints: PushEndpointPolicy = PushEndpointPolicy(), timeout: TimeInterval = 10) {
        self.subject = subject
        self.endpoints = endpoints
        self.timeout = timeout
    }
}
