import AppBackend
import AppCore
import Cache
import Foundation
import Localization
import Models
import Repositories
import Storage
import WidgetSnapshot

/// Starts the backend session once, on first use, so the first paint never waits for it.
actor SessionStarter {
    private let configuration: AppConfiguration
    private let embedded: EmbeddedBackend
    private let container: SharedContainer
    private let timeout: Double
    private let cache: CacheDatabase?
    private let clock: WallClock
    private let policy: CachePolicy
    private var starting: Task<BackendSession, any Error>?

    init(
        configuration: AppConfiguration, embedded: EmbeddedBackend, container: SharedContainer, timeout: Double,
        cache: CacheDatabase?, clock: WallClock, policy: CachePolicy
    ) {
        self.embedded = embedded
        self.clock = clock
        self.policy = policy
        self.configuration = configuration
        self.container = container
        self.timeout = timeout
        self.cache = cache
    }

    func session() async throws -> BackendSession {
        if let starting { return try await starting.value }
        let (configuration, embedded, container, timeout, cache, clock, policy) = (
            self.configuration, self.embedded, self.container, self.timeout, self.cache, self.clock, self.policy
        )
        let task = Task {
            try await BackendSession.open(
                configuration: configuration, container: container, timeout: timeout, embedded: embedded,
                policy: policy, cache: cache, clock: clock)
        }
        starting = task
        do {
            return try await task.value
        } catch {
            starting = nil  // try again on the next refresh
            throw error
        }
    }
}

extension AppEnvironment {
    /// The live environment: the configured API or the backend `embedded` starts, the origin's SQLite cache, the
    /// settings and widget snapshots of the shared container, and `xdg-open` for web links when a desktop is present.
    public static func live(
        configuration: AppConfiguration, embedded: EmbeddedBackend, container: SharedContainer,
        environment: [String: String], timeout: Double = 8, policy: CachePolicy = CachePolicy(),
        clock: WallClock = .system
    ) -> (environment: AppEnvironment, cacheWarnings: [Reason]) {
        let origin = BackendOrigin(configuration)
        let cache = BackendSession.openCache(origin: origin, container: container)
        let starter = SessionStarter(
            configuration: configuration, embedded: embedded, container: container, timeout: timeout, cache: cache,
            clock: clock, policy: policy)
        let settings = SettingsStore(container: container)
        let snapshots = SnapshotStore(container: container)
        let now = clock.now
        // A current cached value is the answer as it stands: the backend starts only when a request is needed.
        let reads = CachedAPIClient(cache: cache, policy: policy, now: now) { try await starter.session().client }
        let app = AppEnvironment(
            cachedSummary: reads.cachedHomeSummary,
            loadSummary: { park, force in try await reads.homeSummary(park, forceRefresh: force) },
            loadParks: { force in try await reads.parks(forceRefresh: force) },
            loadSettings: { settings.load() },
            updateSettings: { change in try settings.update(change) },
            writeSnapshots: { summary, at in try snapshots.writeBoth(from: summary, now: at) },
            openURL: { url in DesktopOpener.open(url, environment: environment) },
            pageAddress: { mayAsk in
                await PageAddress.resolve(configured: configuration.publicURL, embedded: configuration.apiURL == nil) {
                    guard let client = try? await starter.session().client else { return nil }
                    if let known = await client.knownPolicy(), known.publicUrl != nil || !mayAsk { return known }
                    return mayAsk ? try? await client.policy() : nil
                }
            },
            now: now,
            loadOuting: { park, force in try? await reads.outing(park, forceRefresh: force) },
            loadLotForecasts: { force in try await reads.lotForecasts(forceRefresh: force) })
        let fileProblem = configuration.fileProblem.map { [Reason(verbatim: $0)] } ?? []
        return (app, fileProblem + (cache?.warnings ?? [Reason(.reasonCacheUnopenable, container.url.path)]))
    }
}
