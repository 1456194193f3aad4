import Hummingbird
import NIOCore

/// The request context: Hummingbird's core storage plus the peer address (for rate limits and admin checks).
public struct ServerContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The client's IP address, or "unknown".
    public let remoteAddress: String
    /// Whether the client connected from the loopback interface.
    public let isLoopback: Bool

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        let address = source.channel.remoteAddress?.ipAddress ?? "unknown"
        remoteAddress = address
        isLoopback = address.hasPrefix("127.") || address == "::1" || address.hasPrefix("::ffff:127.")
    }

    /// Request bodies are small; writes cap them lower still.
    public var maxUploadSize: Int { 64 * 1024 }
}
