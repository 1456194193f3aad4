import Cache
import CurlHTTP
import Foundation
import Models
import Networking
import Repositories
import Storage

/// Where the data comes from: the configured API, or the reference backend embedded in this process.
public enum BackendOrigin: Sendable, Equatable {
    /// An API configured by flag, `HANGANGJARI_API` or `config.toml`.
    case configured(url: String)
    /// The reference backend on a loopback port; `realData` when a Seoul Open Data key is configured.
    case embedded(realData: Bool)

    /// The origin a configuration implies, known before anything starts.
    public init(_ configuration: AppConfiguration) {
        if let url = configuration.apiURL {
            self = .configured(url: url)
        } else {
            self = .embedded(realData: configuration.seoulKey != nil)
        }
    }

    /// The cache file for this origin: simulated and real data never share a cache.
    public var cacheFileName: String {
        switch self {
        case .configured: "cache.sqlite"
        case .embedded(let real): real ? "cache-embedded-seoul.sqlite" : "cache-embedded.sqlite"
        }
    }
}

/// A connected backend: the API client and its reads through the shared cache. With no API configured it
/// starts the reference backend in-process on a loopback ephemeral port and talks to it through the normal
/// Networking path (token, proof, ETag), exactly as to a remote API.
public struct BackendSession: Sendable {
    public let origin: BackendOrigin
    public let client: APIClient
    /// The client's reads through the cache.
    public let reads: CachedAPIClient
    /// The embedded backend, kept running as long as the session.
    let embedded: EmbeddedBackend.Started?
    public let baseURL: String

    /// Opens a session for the configuration. With no API configured, `embedded` starts the backend. `policy` says
    /// how long cached values count as current; `cache` is an already opened cache of the origin (nil inside means
    /// none), else the origin's cache is opened here. `clock` is the time of the client, its cached reads and an
    /// embedded backend alike.
    public static func open(
        configuration: AppConfiguration, container: SharedContainer, timeout: Double, embedded: EmbeddedBackend,
        policy: CachePolicy = CachePolicy(),
        cache: CacheDatabase?? = nil, clock: WallClock = .system
    ) async throws -> BackendSession {
        let origin = BackendOrigin(configuration)
        var baseURL = configuration.apiURL ?? ""
        var backend: EmbeddedBackend.Started?
        if configuration.apiURL == nil {
            var historyPath: String?
            if configuration.seoulKey != nil {
                // Real readings are the forecasts' only evidence: kept on disk, so they add up across runs.
                try? container.prepare()
                historyPath = container.file("history-seoul.sqlite").path
            }
            let started = try await embedded.start(
                EmbeddedBackend.Options(
                    seoulKey: configuration.seoulKey, seoulURL: configuration.seoulURL, historyPath: historyPath,
                    clock: clock))
            baseURL = started.baseURL
            backend = started
        }
        var api = APIConfiguration(baseURL: baseURL, appVersion: ProductVersion.current)
        api.requestTimeout = .milliseconds(Int(timeout * 1000))
        api.strictSigning = configuration.strictSigning
        // An embedded backend issues new keys every run: its credentials are not worth keeping.
        let store: CredentialStore = backend == nil ? FileCredentialStore.live(directory: container.url) : .inMemory()
        let client = APIClient(
            configuration: api,
            transport: CurlTransport(configuration: TransportConfiguration(userAgent: api.userAgent)).transport,
            store: store, now: clock.now)
        let cache = cache ?? openCache(origin: origin, container: container)
        return BackendSession(
            origin: origin, client: client,
            reads: CachedAPIClient(cache: cache, client: client, policy: policy, now: clock.now),
            embedded: backend, baseURL: baseURL)
    }

    /// The cache of an origin, or nil when it cannot be opened (the session still works, without memory).
    public static func openCache(origin: BackendOrigin, container: SharedContainer) -> CacheDatabase? {
        try? container.prepare()
        return try? CacheDatabase(url: container.file(origin.cacheFileName))
    }
}
