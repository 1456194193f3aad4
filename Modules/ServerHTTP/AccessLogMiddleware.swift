import Foundation
import Hummingbird
import Logging

/// One log line per request: method, path (no query: it can name a park but never a secret), status, duration and
/// the client address (through trusted proxies). Never logs headers, so tokens and proofs stay out of logs.
struct AccessLogMiddleware: RouterMiddleware {
    typealias Context = ServerContext
    let logger: Logger
    let proxies: TrustedProxies

    func handle(_ request: Request, context: ServerContext, next: (Request, ServerContext) async throws -> Response)
        async throws -> Response
    {
        let started = ContinuousClock.now
        let response = try await next(request, context)
        let milliseconds = started.duration(to: .now) / .milliseconds(1)
        logger.info(
            "\(request.method.rawValue) \(request.uri.path) \(response.status.code)",
            metadata: [
                "ms": "\((milliseconds * 10).rounded() / 10)",
                "client":
                    "\(proxies.clientAddress(peer: context.peerAddress, forwardedFor: request.headers[.xForwardedFor]))",
            ])
        return response
    }
}
