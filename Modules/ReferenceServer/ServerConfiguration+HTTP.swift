import HummingbirdCore
import NIOCore

extension ServerConfiguration {
    /// The HTTP/1.1 server these settings describe: connections idle past ``idleTimeout`` are closed.
    public var httpServer: HTTPServerBuilder {
        .http1(configuration: .init(idleTimeout: TimeAmount(idleTimeout)))
    }
}
