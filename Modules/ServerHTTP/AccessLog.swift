import Foundation
import Hummingbird
import Logging

/// One log line per request: method, path (no query: it can name a park but never a secret), status, duration and
/// the client address (through trusted proxies). Never logs headers, so tokens and proofs stay out of logs.
struct AccessLog: Sendable {
    let logger: Logger
    let proxies: TrustedProxies

    func record(_ request: Request, context: ServerContext, status: Int, duration: Duration) {
        let milliseconds = duration / .milliseconds(1)
        logger.info(
            "\(request.method.rawValue) \(request.uri.path) \(status)",
            metadata: [
                "ms": "\((milliseconds * 10).rounded() / 10)",
                "client":
                    "\(proxies.clientAddress(peer: context.peerAddress, forwardedFor: request.headers[.xForwardedFor]))",
            ])
    }
}
