import Foundation
import Hummingbird
import Logging
import ServerTrust

/// Registers routes beside the /v2 ones on the same router (they share its metrics, access log and problem
/// answers), each handler given only the values it needs.
public typealias RouteRegistration = @Sendable (Router<ServerContext>) -> Void

/// The /v2 router: the middlewares every request passes, then each area's controller registering its routes.
public struct V2Routes: Sendable {
    public var health: HealthController
    public var bootstrap: BootstrapController
    public var parkData: ParkDataController
    public var writes: WriteController
    public var admin: AdminController
    public var metrics: ServerMetrics
    /// Logs every request when set.
    public var accessLog: Logger?
    public var proxies: TrustedProxies
    public var policy: PolicyState
    /// Routes that read a body or call out answer within this (park data applies it itself).
    public var requestTimeout: Duration

    public init(
        health: HealthController, bootstrap: BootstrapController, parkData: ParkDataController,
        writes: WriteController, admin: AdminController, metrics: ServerMetrics, accessLog: Logger?,
        proxies: TrustedProxies, policy: PolicyState, requestTimeout: Duration
    ) {
        self.health = health
        self.bootstrap = bootstrap
        self.parkData = parkData
        self.writes = writes
        self.admin = admin
        self.metrics = metrics
        self.accessLog = accessLog
        self.proxies = proxies
        self.policy = policy
        self.requestTimeout = requestTimeout
    }

    /// The router, with whatever `alsoServe` registers (the web front) beside the /v2 routes.
    public func router(alsoServe: RouteRegistration? = nil) -> Router<ServerContext> {
        let router = Router(context: ServerContext.self)
        router.middlewares.add(
            RequestEdgeMiddleware(
                metrics: metrics, accessLog: accessLog.map { AccessLog(logger: $0, proxies: proxies) },
                policy: policy))
        health.register(on: router)
        parkData.register(on: router)
        let waiting = router.group().add(middleware: RequestDeadlineMiddleware(limit: requestTimeout, policy: policy))
        bootstrap.register(on: waiting)
        writes.register(on: waiting)
        admin.register(on: waiting)
        alsoServe?(router)
        return router
    }
}
