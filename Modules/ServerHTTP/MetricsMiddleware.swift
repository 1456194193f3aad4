import Foundation
import Hummingbird

/// Counts every request and its latency by route template (`context.endpointPath`, so `/v2/parks/{parkId}/...`
/// stays one series whatever the park), method and final status.
struct MetricsMiddleware: RouterMiddleware {
    typealias Context = ServerContext
    let metrics: ServerMetrics

    func handle(_ request: Request, context: ServerContext, next: (Request, ServerContext) async throws -> Response)
        async throws -> Response
    {
        let started = ContinuousClock.now
        do {
            let response = try await next(request, context)
            record(request, context, status: Int(response.status.code), since: started)
            return response
        } catch {
            record(request, context, status: Int((error as? any HTTPResponseError)?.status.code ?? 500), since: started)
            throw error
        }
    }

    private func record(
        _ request: Request, _ context: ServerContext, status: Int, since started: ContinuousClock.Instant
    ) {
        metrics.request(
            route: context.endpointPath ?? "unmatched", method: request.method.rawValue, status: status,
            duration: started.duration(to: .now))
    }
}
