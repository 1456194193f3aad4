import Foundation
import Hummingbird
import Logging
import Models
import NIOCore
import Networking

/// The reference /v2 backend: collection, forecasts, response caches, trust and routes. A library, so that the
/// apps can embed it as their default backend and tests can run it on loopback.
public final class ReferenceBackend: Sendable {
    public let configuration: ServerConfiguration
    public let catalog: Catalog
    public let collector: Collector
    public let policy: PolicyState
    public let faults: FaultSwitch
    /// Requests, collection and upstream calls, for `GET /metrics`.
    public let metrics = ServerMetrics()
    /// What this instance shares with the others of its deployment (nothing, by default).
    public let shared: SharedState
    let builder: SummaryBuilder
    let issuer: TokenIssuer
    /// Whether the root keys come from the shared store (and are reloaded, to follow rotations).
    let keysAreShared: Bool
    let verifier: RequestVerifier
    /// Bootstrap calls per client address, and per install.
    let addressLimit: RateLimit
    let installLimit: RateLimit
    /// This instance's own buckets, used while the shared ones cannot be reached.
    let localBuckets = RateBuckets.local()
    /// The fallback is logged at most once a minute: with the database down, every bootstrap falls back at once.
    let fallbackWarnings = SweepSchedule()
    let homeCache: ResponseCache<HomeSummary>
    let parkingCache: ResponseCache<ParkingResponse>
    let forecastCache: ResponseCache<ForecastResponse>
    let outingCache: ResponseCache<OutingResponse>
    let parksCache: ResponseCache<ParksResponse>
    let logger: Logger

    /// Builds the backend; nothing runs until ``start()`` or ``run()``. Without `shared`, the instance keeps its
    /// history in `configuration.historyPath` (or memory) and always collects.
    public init(
        configuration: ServerConfiguration, catalog: Catalog = .bundled, transport: HTTPTransport? = nil,
        shared: SharedState? = nil
    ) throws {
        var configuration = configuration
        if configuration.faults.clockSkewSeconds != 0 {
            let (clock, skew) = (configuration.now, TimeInterval(configuration.faults.clockSkewSeconds))
            configuration.now = { clock().addingTimeInterval(skew) }
        }
        self.configuration = configuration
        self.catalog = catalog
        var logger = Logger(label: "hangangjari-server")
        logger.logLevel = Logger.Level(rawValue: configuration.logLevel) ?? .info
        self.logger = logger
        let source: any ParkDataSource
        switch configuration.source {
        case .simulated:
            source = SimulatedSource(catalog: catalog)
        case .seoul(let key, let baseURL):
            let http =
                transport
                ?? CurlTransport(
                    configuration: TransportConfiguration(userAgent: "hangangjari-server/\(configuration.version)")
                ).transport
            source = SeoulSource(
                key: key, baseURL: baseURL, transport: http, catalog: catalog,
                budget: CitydataBudget(interval: configuration.seoulCallInterval))
        }
        let shared = try shared ?? .local(historyPath: configuration.historyPath)
        self.shared = shared
        faults = FaultSwitch(configuration.faults)
        collector = Collector(
            catalog: catalog, source: source, history: shared.history, faults: faults, now: configuration.now,
            lease: shared.lease, exchange: shared.snapshots, parkingInterval: configuration.collectionInterval,
            observe: { [metrics] in metrics.collected($0, failed: $1) })
        policy = PolicyState(
            unsignedReadsAllowed: configuration.unsignedReadsAllowed, publicURL: configuration.publicURL)
        builder = SummaryBuilder(catalog: catalog, source: source)
        let keys = configuration.tokenKeys.map(TokenKeySource.fixed) ?? shared.tokenKeys ?? .fixed(.ephemeral())
        issuer = TokenIssuer(lifetime: configuration.tokenLifetime, ring: KeyRing(keys))
        keysAreShared = configuration.tokenKeys == nil && shared.tokenKeys != nil
        verifier = RequestVerifier(
            issuer: issuer, records: shared.records, policy: policy)
        addressLimit = RateLimit(
            name: "bootstrap-address", capacity: configuration.bootstrapBurst,
            refillPerSecond: configuration.bootstrapRefillPerSecond)
        installLimit = RateLimit(
            name: "bootstrap-install", capacity: configuration.bootstrapBurst,
            refillPerSecond: configuration.bootstrapRefillPerSecond)
        let ttl = configuration.hotCacheTTL
        homeCache = ResponseCache(ttl: ttl)
        parkingCache = ResponseCache(ttl: ttl)
        forecastCache = ResponseCache(ttl: ttl)
        outingCache = ResponseCache(ttl: ttl)
        parksCache = ResponseCache(ttl: ttl)
    }

    /// Takes a token from `key`'s bucket of `limit` in the shared buckets; while they cannot be reached, from this
    /// instance's own (limits then hold per instance, as they would with one instance, rather than refusing everyone).
    func allow(_ limit: RateLimit, _ key: String, now: Date) async -> Bool {
        do {
            return try await shared.rateBuckets.take(limit, key, now)
        } catch {
            if fallbackWarnings.due(now: now) {
                logger.warning("rate limit counted on this instance only", metadata: ["error": "\(error)"])
            }
            return (try? await localBuckets.take(limit, key, now)) ?? true
        }
    }

    /// Bootstrap grants issued since start (for tests and diagnostics).
    public var bootstrapsIssued: Int { issuer.grantsIssued }

    /// The Hummingbird application serving the /v2 routes, and beside them whatever `alsoServe` registers (the web
    /// front); `onRunning` receives the bound port.
    public func application(
        alsoServe: RouteRegistration? = nil, onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        Application(
            router: Routes.router(for: self, alsoServe: alsoServe),
            server: .http1(configuration: .init(idleTimeout: TimeAmount(configuration.idleTimeout))),
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port), serverName: "hangangjari-server"),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) },
            logger: logger)
    }

    /// Starts what is shared (a database pool), collects once, then keeps collecting in the background until the
    /// task is cancelled.
    func startCollection() async -> Task<Void, Never> {
        let shared = Task {
            await withDiscardingTaskGroup { group in
                group.addTask { await self.shared.run() }
                if self.keysAreShared { group.addTask { await self.refreshKeys() } }
            }
        }
        // On demand (an embedded backend), nothing is read before a request asks for it.
        if case .simulated = configuration.source, configuration.onDemandInterval == nil {
            await collector.start()
        }
        let collector = self.collector
        let configuration = self.configuration
        return Task {
            await withTaskCancellationHandler {
                if case .seoul = configuration.source, configuration.onDemandInterval == nil {
                    await collector.start()
                }
                guard configuration.collectInBackground else { return await shared.value }
                await collector.run(
                    backfillDays: configuration.source == .simulated ? configuration.backfillDays : 0)
            } onCancel: {
                shared.cancel()
            }
        }
    }

    /// Reloads the shared root keys every ``KeyRing/refreshInterval`` until cancelled (the first load comes before
    /// the first bootstrap or proof, so a store that is down at start is tried again by the next request).
    private func refreshKeys() async {
        while !Task.isCancelled {
            do { try await issuer.ring.reload() } catch {
                logger.warning("access keys not reloaded", metadata: ["error": "\(error)"])
            }
            try? await Task.sleep(for: .seconds(KeyRing.refreshInterval))
        }
    }

    /// Runs in this process on `host:port` until cancelled; returns once the port is bound.
    public func start(alsoServe: RouteRegistration? = nil) async throws -> RunningServer {
        let collection = await startCollection()
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        let app = application(alsoServe: alsoServe) { port in continuation.yield(port) }
        let task = Task {
            do { try await app.run() } catch { continuation.finish() }
        }
        var iterator = stream.makeAsyncIterator()
        guard let port = await iterator.next(), port > 0 else {
            task.cancel()
            collection.cancel()
            throw CocoaError(
                .featureUnsupported,
                userInfo: [NSLocalizedDescriptionKey: "could not bind \(configuration.host):\(configuration.port)"])
        }
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        return RunningServer(baseURL: "http://\(host):\(port)", port: port, server: task, collection: collection)
    }

    /// Runs until SIGINT or SIGTERM, then shuts down gracefully. `onRunning` gets the bound port.
    public func run(alsoServe: RouteRegistration? = nil, onRunning: @escaping @Sendable (Int) async -> Void)
        async throws
    {
        let collection = await startCollection()
        defer { collection.cancel() }
        try await application(alsoServe: alsoServe, onRunning: onRunning).runService()
    }
}

/// Registers routes beside the /v2 ones on the backend's router (they share its metrics, access log and problem
/// answers), each handler given only the values it needs.
public typealias RouteRegistration = @Sendable (Router<ServerContext>) -> Void

/// A backend running in this process.
public struct RunningServer: Sendable {
    /// e.g. `http://127.0.0.1:43117`.
    public let baseURL: String
    public let port: Int
    let server: Task<Void, Never>
    let collection: Task<Void, Never>

    /// Stops serving and collecting.
    public func stop() async {
        collection.cancel()
        server.cancel()
        _ = await server.value
    }
}
