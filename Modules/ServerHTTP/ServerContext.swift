import Hummingbird
import NIOCore

/// The request context: Hummingbird's core storage plus the peer address. The peer is only the last hop: behind a
/// proxy it is the proxy, so nothing is trusted because of it (see ``TrustedProxies``).
public struct ServerContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    private let peer: SocketAddress?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        peer = source.channel.remoteAddress
    }

    /// The connected peer's IP address, or "unknown". Worded when asked: most requests never read it, and
    /// `inet_ntop` cost more than the rest of the context.
    public var peerAddress: String { peer?.ipAddress ?? "unknown" }

    /// Request bodies are small; writes cap them lower still.
    public var maxUploadSize: Int { 64 * 1024 }
}
