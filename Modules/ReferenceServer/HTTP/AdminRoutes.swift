import Foundation
import HTTPTypes
import Hummingbird
import Models

/// `/admin/...` (the signing policy and injected faults) and `/metrics`. Absent (404) unless an admin token is
/// configured; then every call must carry it, whatever its address.
enum AdminRoutes {
    static func add(to router: some RouterMethods<ServerContext>, backend: ReferenceBackend) {
        let policy = backend.policy
        router.post("/admin/policy") { request, _ in
            if let refusal = try refusal(request, backend) { return refusal }
            switch request.uri.queryParameters.get("unsigned-reads") {
            case "allow": policy.unsignedReadsAllowed = true
            case "deny": policy.unsignedReadsAllowed = false
            default:
                return Responses.problem(Problems.make(.badRequest, "use ?unsigned-reads=allow|deny"), policy: policy)
            }
            backend.logger.notice(
                "policy changed", metadata: ["unsigned-reads": "\(policy.unsignedReadsAllowed ? "allow" : "deny")"])
            return Responses.encoded(policy.clientPolicy, policy: policy)
        }
        router.get("/metrics") { request, _ in
            if let refusal = try refusal(request, backend) { return refusal }
            let exposition = backend.metrics.exposition(
                upstream: backend.builder.source.upstreamUsage(at: backend.configuration.now()),
                collects: backend.collector.role.collects)
            return Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: exposition)))
        }
        router.post("/admin/faults") { request, _ in
            if let refusal = try refusal(request, backend) { return refusal }
            do {
                backend.faults.current = try FaultSettings(parsing: request.uri.queryParameters.get("spec") ?? "none")
            } catch {
                return Responses.problem(Problems.make(.badRequest, "\(error)"), policy: policy)
            }
            backend.logger.notice(
                "faults changed", metadata: ["spec": "\(request.uri.queryParameters.get("spec") ?? "none")"])
            // Source faults act at the next collection: collect now so the change is visible at once.
            await backend.collector.collectAll()
            return Response(status: .noContent)
        }
    }

    /// Nil when the caller presented the admin token; a 401 when not; 404 when no token is configured.
    static func refusal(_ request: Request, _ backend: ReferenceBackend) throws -> Response? {
        guard let token = backend.configuration.adminToken else { throw HTTPError(.notFound) }
        if token.admits(authorization: request.headers[.authorization]) { return nil }
        let given = request.headers[.authorization] != nil
        var response = Responses.problem(
            Problems.make(
                given ? .tokenInvalid : .tokenMissing,
                given ? "This is not the admin token" : "Admin calls need the admin token"),
            policy: backend.policy)
        response.headers[.wwwAuthenticate] = "Bearer realm=\"hangangjari-admin\""
        backend.logger.warning(
            "admin call refused", metadata: ["path": "\(request.uri.path)", "token": "\(given ? "wrong" : "missing")"])
        return response
    }
}
