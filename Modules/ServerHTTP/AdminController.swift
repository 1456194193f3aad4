import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Models
import ServerFaults
import ServerTrust

/// `/admin/...` (the signing policy and injected faults) and `/metrics`. Absent (404) unless an admin token is
/// configured; then every call must carry it, whatever its address.
public struct AdminController: Sendable {
    let token: AdminToken?
    let policy: PolicyState
    let faults: FaultSwitch
    /// The Prometheus exposition of this instance.
    let metrics: @Sendable () -> [UInt8]
    /// Collects every source now, so that a changed source fault shows at once.
    let collectNow: @Sendable () async -> Void
    let logger: Logger

    public init(
        token: AdminToken?, policy: PolicyState, faults: FaultSwitch, logger: Logger,
        metrics: @escaping @Sendable () -> [UInt8], collectNow: @escaping @Sendable () async -> Void
    ) {
        self.token = token
        self.policy = policy
        self.faults = faults
        self.logger = logger
        self.metrics = metrics
        self.collectNow = collectNow
    }

    func register(on router: some RouterMethods<ServerContext>) {
        router.post("/admin/policy") { request, _ in
            if let refusal = try refusal(request) { return refusal }
            switch request.uri.queryParameters.get("unsigned-reads") {
            case "allow": policy.unsignedReadsAllowed = true
            case "deny": policy.unsignedReadsAllowed = false
            default:
                return Responses.problem(Problems.make(.badRequest, "use ?unsigned-reads=allow|deny"), policy: policy)
            }
            logger.notice(
                "policy changed", metadata: ["unsigned-reads": "\(policy.unsignedReadsAllowed ? "allow" : "deny")"])
            return Responses.encoded(policy.clientPolicy, policy: policy)
        }
        router.get("/metrics") { request, _ in
            if let refusal = try refusal(request) { return refusal }
            return Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: metrics())))
        }
        router.post("/admin/faults") { request, _ in
            if let refusal = try refusal(request) { return refusal }
            let spec = request.uri.queryParameters.get("spec") ?? "none"
            do {
                faults.current = try FaultSettings(parsing: spec)
            } catch {
                return Responses.problem(Problems.make(.badRequest, "\(error)"), policy: policy)
            }
            logger.notice("faults changed", metadata: ["spec": "\(spec)"])
            // Source faults act at the next collection: collect now so the change is visible at once.
            await collectNow()
            return Response(status: .noContent)
        }
    }

    /// Nil when the caller presented the admin token; a 401 when not; 404 when no token is configured.
    private func refusal(_ request: Request) throws -> Response? {
        guard let token else { throw HTTPError(.notFound) }
        if token.admits(authorization: request.headers[.authorization]) { return nil }
        let given = request.headers[.authorization] != nil
        var response = Responses.problem(
            Problems.make(
                given ? .tokenInvalid : .tokenMissing,
                given ? "This is not the admin token" : "Admin calls need the admin token"),
            policy: policy)
        response.headers[.wwwAuthenticate] = "Bearer realm=\"hangangjari-admin\""
        logger.warning(
            "admin call refused", metadata: ["path": "\(request.uri.path)", "token": "\(given ? "wrong" : "missing")"])
        return response
    }
}
