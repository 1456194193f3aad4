import Hummingbird
import NIOCore

/// The request context: Hummingbird's core storage plus the peer address. The peer is only the last hop: behind a
/// proxy it is the proxy, so nothing is trusted because of it (see ``TrustedProxies``).
public struct ServerContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The connected peer's IP address, or "unknown".
    public let peerAddress: String

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        peerAddress = source.channel.remoteAddress?.ipAddress ?? "unknown"
    }

    /// Request bodies are small; writes cap them lower still.
    public var maxUploadSize: Int { 64 * 1024 }
}
