import Hummingbird
import Models
import ServerTrust

/// The problem answering an error that escaped a route: a router error (no route, a body too large, a bad request)
/// with its status, a known path asked with another method as 405, anything else as an internal error.
enum RouteProblems {
    static func response(for error: any Error, path: String, policy: PolicyState) -> Response {
        guard let error = error as? HTTPError else {
            return Responses.problem(Problems.make(.internalError), policy: policy)
        }
        // A known path with another method: 405 naming what the path takes, not the method asked (behind nginx a
        // refused TRACE arrives as OPTIONS).
        let methods = error.status == .notFound ? API.methods(forPath: path) : []
        guard !methods.isEmpty else { return problem(error, policy: policy) }
        let allowed = methods.map(\.rawValue).joined(separator: ", ")
        var response = Responses.problem(Problems.make(.badRequest, "This path takes only \(allowed)"), policy: policy)
        response.status = .methodNotAllowed
        response.headers[.allow] = allowed
        return response
    }

    /// A router error as a problem with its status.
    static func problem(_ error: HTTPError, policy: PolicyState) -> Response {
        let code: ProblemCode =
            error.status == .notFound ? .notFound : error.status.code == 413 ? .payloadTooLarge : .badRequest
        var problem = Problems.make(code, error.body)
        problem.status = error.status.code
        return Responses.problem(problem, policy: policy)
    }
}
