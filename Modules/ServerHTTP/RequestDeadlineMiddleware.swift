import Foundation
import Hummingbird
import Models
import ServerTrust

/// Requests that can wait (on a body, an upstream call, an injected delay) are answered within a limit: past it the
/// work is cancelled and the client gets a 503 `request_timeout` problem. Work that ignores cancellation, such as a
/// transfer already in libcurl, ends at its own transport deadline. Answers built from memory never wait, so they
/// skip the timer (it costs a third of the hot path's throughput).
enum RequestDeadline {
    static func answer(
        within limit: Duration, policy: PolicyState, _ work: () async throws -> Response
    ) async throws -> Response {
        // The group ends before this call returns, so `work` never outlives it.
        let finished = try await withoutActuallyEscaping(work) { work in
            let handler = UncheckedWork(run: work)
            return try await withThrowingTaskGroup(of: Response?.self) { group in
                group.addTask { try await handler.run() }
                group.addTask {
                    try await Task.sleep(for: limit)
                    return nil
                }
                defer { group.cancelAll() }
                return try await group.next() ?? nil
            }
        }
        if let response = finished { return response }
        return Responses.problem(
            Problems.make(.requestTimeout, "The request took longer than \(limit / .seconds(1)) s"), policy: policy)
    }
}

/// The deadline as middleware, for the routes that read a body or call out.
struct RequestDeadlineMiddleware: RouterMiddleware {
    typealias Context = ServerContext
    let limit: Duration
    let policy: PolicyState

    func handle(_ request: Request, context: ServerContext, next: (Request, ServerContext) async throws -> Response)
        async throws -> Response
    {
        try await RequestDeadline.answer(within: limit, policy: policy) { try await next(request, context) }
    }
}

/// The work is only called inside the group that `answer` awaits; Hummingbird's `next` is not declared Sendable.
private struct UncheckedWork: @unchecked Sendable {
    let run: () async throws -> Response
}
