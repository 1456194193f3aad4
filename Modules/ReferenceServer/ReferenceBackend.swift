import CurlHTTP
import Foundation
import Hummingbird
import Logging
import Models
import NIOCore
import ServerAlerts
import ServerCollection
import ServerFaults
import ServerHTTP
import ServerSources
import ServerTrust
import ServiceLifecycle

/// The reference /v2 backend: collection, forecasts, response caches, trust and routes. A library, so that the
/// apps can embed it as their default backend and tests can run it on loopback. It assembles the parts; each route's
/// controller gets only the values it needs.
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
    /// Every park-data response, through the caches the /v2 routes and the web front read alike.
    public let responses: ParkResponses
    let issuer: TokenIssuer
    /// Whether the root keys come from the shared store (and are reloaded, to follow rotations).
    let keysAreShared: Bool
    let routes: V2Routes
    let logger: Logger
    /// Web Push alerts, when the configuration has them.
    let pushAlerts: PushAlertService?
    /// Opened when the port is bound; the collection waits for it.
    public let bound = PortBound()

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
        var simulation: SimulationModel?
        switch configuration.source {
        case .simulated:
            let simulated = SimulatedSource(catalog: catalog)
            simulation = simulated.model
            source = simulated
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
        let faults = FaultSwitch(configuration.faults)
        self.faults = faults
        let metrics = metrics
        let collector = Collector(
            catalog: catalog, source: source, history: shared.history, faults: faults, now: configuration.now,
            lease: shared.lease, exchange: shared.exchange, parkingInterval: configuration.collectionInterval,
            learning: configuration.forecastLearning, simulation: simulation,
            observe: { metrics.collected($0, failed: $1) },
            observeRound: { metrics.collectionRound($0, took: $1) },
            log: { [logger] in logger.warning("\($0)") })
        collector.listen(collector.forecastListener)
        self.collector = collector
        let policy = PolicyState(
            unsignedReadsAllowed: configuration.unsignedReadsAllowed, publicURL: configuration.publicURL)
        self.policy = policy
        let responses = ParkResponses(
            collector: collector, builder: SummaryBuilder(catalog: catalog, source: source),
            hotCacheTTL: configuration.hotCacheTTL, onDemandInterval: configuration.onDemandInterval,
            backfillDays: configuration.backfillDays, now: configuration.now)
        self.responses = responses
        if let push = configuration.push {
            let service = PushAlertService(
                configuration: push, store: shared.push, policy: policy, metrics: metrics,
                rounds: collector.activity,
                transport: CurlTransport(
                    configuration: .pushService(userAgent: "hangangjari-server/\(configuration.version)")
                ).transport, now: configuration.now, logger: logger)
            pushAlerts = service
            collector.listen(
                AlertWatcher(
                    store: shared.push, responses: responses, publicURL: configuration.publicURL,
                    now: configuration.now, queued: { _ in service.wake() },
                    stepAside: { [activity = collector.activity] in await activity.whenIdle() }
                ).listener)
        } else {
            pushAlerts = nil
        }
        let keys = configuration.tokenKeys.map(TokenKeySource.fixed) ?? shared.tokenKeys ?? .fixed(.ephemeral())
        let issuer = TokenIssuer(lifetime: configuration.tokenLifetime, ring: KeyRing(keys))
        self.issuer = issuer
        keysAreShared = configuration.tokenKeys == nil && shared.tokenKeys != nil
        routes = Self.routes(
            configuration: configuration, responses: responses, issuer: issuer, policy: policy, faults: faults,
            metrics: metrics, shared: shared, logger: logger)
    }

    /// Each area's controller with the values it needs.
    private static func routes(
        configuration: ServerConfiguration, responses: ParkResponses, issuer: TokenIssuer, policy: PolicyState,
        faults: FaultSwitch, metrics: ServerMetrics, shared: SharedState, logger: Logger
    ) -> V2Routes {
        let now = configuration.now
        let gate = RequestGate(
            verifier: RequestVerifier(issuer: issuer, records: shared.records, policy: policy), faults: faults,
            host: configuration.host, now: now)
        let collector = responses.collector
        return V2Routes(
            health: HealthController(
                version: configuration.version, sourceName: collector.source.name, policy: policy, now: now,
                readiness: { await responses.readiness(version: configuration.version) }),
            bootstrap: BootstrapController(
                issuer: issuer,
                limits: CallLimits(
                    kind: "bootstrap",
                    burst: configuration.bootstrapBurst, refillPerSecond: configuration.bootstrapRefillPerSecond,
                    shared: shared.rateBuckets, logger: logger),
                proxies: configuration.trustedProxies, policy: policy, now: now),
            parkData: ParkDataController(
                responses: responses, gate: gate, faults: faults, policy: policy,
                requestTimeout: configuration.requestTimeout, now: now),
            writes: WriteController(
                gate: gate, records: shared.records,
                subscriptions: SubscriptionWrites(
                    store: shared.push, endpoints: configuration.push?.endpoints,
                    limits: CallLimits(
                        kind: "subscribe", burst: configuration.bootstrapBurst,
                        refillPerSecond: configuration.bootstrapRefillPerSecond, shared: shared.rateBuckets,
                        logger: logger),
                    proxies: configuration.trustedProxies),
                catalog: responses.catalog, policy: policy, now: now),
            admin: AdminController(
                token: configuration.adminToken, policy: policy, faults: faults, logger: logger,
                metrics: {
                    metrics.exposition(
                        upstream: collector.source.upstreamUsage(at: now()), collects: collector.role.collects)
                },
                collectNow: { await collector.collectAll() }),
            metrics: metrics, accessLog: configuration.accessLog ? logger : nil, proxies: configuration.trustedProxies,
            policy: policy, requestTimeout: configuration.requestTimeout)
    }

    /// Bootstrap grants issued since start (for tests and diagnostics).
    public var bootstrapsIssued: Int { issuer.grantsIssued }

    /// The Hummingbird application serving the /v2 routes, and beside them whatever `alsoServe` registers (the web
    /// front), with the background work as services of its group; `onRunning` receives the bound port.
    public func application(
        alsoServe: RouteRegistration? = nil, onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        var application = Application(
            router: routes.router(alsoServe: alsoServe),
            server: configuration.httpServer,
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port),
                serverName: ServerConfiguration.serverName),
            services: backgroundServices(),
            onServerRunning: { channel in
                self.bound.open()
                await onRunning(channel.localAddress?.port ?? 0)
            },
            logger: logger)
        // Inside the group, so the shared store (a database pool) already runs when the first collection asks it.
        application.beforeServerStarts { await self.prepare() }
        return application
    }

    /// The work that runs beside the server: the shared store (stopped last), the key refresh, the collection
    /// (stopped once the server has drained).
    func backgroundServices() -> [any Service] {
        var services: [any Service] = [SharedStoreService(shared: shared)]
        if keysAreShared { services.append(KeyRefreshService(ring: issuer.ring, logger: logger)) }
        services.append(
            CollectionService(collector: collector, configuration: configuration, logger: logger, bound: bound))
        if let pushAlerts { services.append(pushAlerts) }
        return services
    }

    /// A simulated source is read once before the port opens, so the first request finds data (on demand, an
    /// embedded backend reads nothing before a request asks for it).
    func prepare() async {
        if case .simulated = configuration.source, configuration.onDemandInterval == nil {
            await collector.start()
        }
    }

    /// Runs in this process on `host:port` until stopped; returns once the port is bound.
    public func start(alsoServe: RouteRegistration? = nil) async throws -> RunningServer {
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        let app = application(alsoServe: alsoServe) { port in continuation.yield(port) }
        let task = Task {
            do { try await app.run() } catch { continuation.finish() }
        }
        // `for await` (which asks with `next(isolation:)`): a bare `iterator.next()` here crashed debug builds whose
        // first server this was (SIGSEGV on resuming, the frame pointer zeroed).
        var bound: Int?
        for await port in stream {
            bound = port
            break
        }
        guard let port = bound, port > 0 else {
            task.cancel()
            throw CocoaError(
                .featureUnsupported,
                userInfo: [NSLocalizedDescriptionKey: "could not bind \(configuration.host):\(configuration.port)"])
        }
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        return RunningServer(baseURL: "http://\(host):\(port)", port: port, server: task)
    }

    /// Runs until SIGINT or SIGTERM, then shuts down gracefully: the server drains its requests, then the
    /// collection, the key refresh and the shared store stop in turn. `onRunning` gets the bound port.
    public func run(alsoServe: RouteRegistration? = nil, onRunning: @escaping @Sendable (Int) async -> Void)
        async throws
    {
        try await application(alsoServe: alsoServe, onRunning: onRunning).runService()
    }
}

/// A backend running in this process.
public struct RunningServer: Sendable {
    /// e.g. `http://127.0.0.1:43117`.
    public let baseURL: String
    public let port: Int
    let server: Task<Void, Never>

    /// Stops serving and collecting.
    public func stop() async {
        server.cancel()
        _ = await server.value
    }
}
