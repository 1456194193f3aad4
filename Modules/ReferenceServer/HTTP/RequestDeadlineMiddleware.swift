import Foundation
import Hummingbird
import Models

/// Every request is answered within `limit`: past it the handler is cancelled and the client gets a 503
/// `request_timeout` problem, so a stuck call never holds a connection. (Work that ignores cancellation, such as a
/// transfer already in libcurl, ends at its own transport deadline.)
struct RequestDeadlineMiddleware: RouterMiddleware {
    typealias Context = ServerContext
    let limit: Duration
    let policy: PolicyState

    func handle(_ request: Request, context: ServerContext, next: (Request, ServerContext) async throws -> Response) async throws -> Response {
        let limit = self.limit
        // The group ends before this call returns, so `next` never outlives it.
        let timedOut = try await withoutActuallyEscaping(next) { next in
            let handler = UncheckedHandler(call: next)
            return try await withThrowingTaskGroup(of: Response?.self) { group in
                group.addTask { try await handler.call(request, context) }
                group.addTask {
                    try await Task.sleep(for: limit)
                    return nil
                }
                defer { group.cancelAll() }
                return try await group.next() ?? nil
            }
        }
        if let response = timedOut { return response }
        let seconds = Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18
        return Responses.problem(Problems.make(.requestTimeout, "The request took longer than \(seconds) s"), policy: policy)
    }
}

/// Hummingbird's `next` is not declared Sendable, though the router chain it calls is immutable.
private struct UncheckedHandler: @unchecked Sendable {
    let call: (Request, ServerContext) async throws -> Response
}
