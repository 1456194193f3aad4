import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A loopback port that refuses every connection: bound but never listening, and held for as long as this lives, so
/// that no other test's server can take it meanwhile (a stopped server's port can be handed to the next one that
/// binds, and a "refused" test would then time out against it).
public final class RefusingPort: Sendable {
    public let port: Int
    private let socketDescriptor: Int32

    /// Binds a free port on 127.0.0.1 and holds it.
    public init() throws {
        (socketDescriptor, port) = try LoopbackSocket.bound()
    }

    deinit { close(socketDescriptor) }

    /// The base URL, e.g. `http://127.0.0.1:40001`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }
}
