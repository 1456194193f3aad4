import Hummingbird
import Models
import ServerTrust

/// Turns any error escaping a route into an RFC 9457 problem (a 404 route becomes `not_found`).
struct ProblemMiddleware: RouterMiddleware {
    typealias Context = ServerContext
    let policy: PolicyState

    func handle(_ request: Request, context: ServerContext, next: (Request, ServerContext) async throws -> Response)
        async throws -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as HTTPError {
            // A known path with another method: 405 naming what the path takes, not the method asked (behind nginx a
            // refused TRACE arrives as OPTIONS).
            let methods = error.status == .notFound ? API.methods(forPath: request.uri.path) : []
            guard !methods.isEmpty else { return Self.problem(error, policy: policy) }
            let allowed = methods.map(\.rawValue).joined(separator: ", ")
            var response = Responses.problem(
                Problems.make(.badRequest, "This path takes only \(allowed)"), policy: policy)
            response.status = .methodNotAllowed
            response.headers[.allow] = allowed
            return response
        } catch {
            return Responses.problem(Problems.make(.internalError), policy: policy)
        }
    }

    /// A router error (no route, a body too large, a bad request) as a problem with its status.
    static func problem(_ error: HTTPError, policy: PolicyState) -> Response {
        let code: ProblemCode =
            error.status == .notFound ? .notFound : error.status.code == 413 ? .payloadTooLarge : .badRequest
        var problem = Problems.make(code, error.body)
        problem.status = error.status.code
        return Responses.problem(problem, policy: policy)
    }
}
