import CurlHTTP
import Foundation
import Models
import Networking
import ReferenceServer
import ServerHTTP
import TestFixtures

/// A real reference backend on a loopback ephemeral port, its clock pinned to Seoul daytime (``TestClock``)
/// unless `configure` sets another; tests can move it with ``clockOffset``.
public final class TestBackend: Sendable {
    public let backend: ReferenceBackend
    public let server: RunningServer
    /// Seconds added to the real clock on the server side.
    public let clockOffset: ClockOffset

    /// Starts a backend; `configure` adjusts the configuration (port and clock are set for tests); `shared` is what it
    /// shares with other instances (nothing by default).
    public static func start(
        shared: SharedState? = nil, _ configure: (inout ServerConfiguration) -> Void = { _ in }
    ) async throws -> TestBackend {
        let offset = ClockOffset()
        let configuration = try configuration(offset: offset, configure)
        let backend = try ReferenceBackend(configuration: configuration, shared: shared)
        let server = try await backend.start()
        return TestBackend(backend: backend, server: server, clockOffset: offset)
    }

    /// A test backend's configuration: a free port, no backfill, no background collection, quiet logs, the test
    /// admin token, the clock pinned to Seoul daytime plus `offset`; then `configure`.
    static func configuration(offset: ClockOffset, _ configure: (inout ServerConfiguration) -> Void) throws
        -> ServerConfiguration
    {
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.backfillDays = 0
        configuration.collectInBackground = false
        configuration.logLevel = "critical"
        configuration.adminToken = try AdminToken(Self.adminToken)
        let clock = TestClock.clock()
        configuration.now = { clock.now().addingTimeInterval(offset.seconds) }
        configure(&configuration)
        return configuration
    }

    private init(backend: ReferenceBackend, server: RunningServer, clockOffset: ClockOffset) {
        self.backend = backend
        self.server = server
        self.clockOffset = clockOffset
    }

    public var baseURL: String { server.baseURL }

    public func stop() async { await server.stop() }

    /// One libcurl transport shared by the tests of a process.
    public static let curl = CurlTransport(configuration: TransportConfiguration(userAgent: "hangangjari-tests/0.1.0"))

    /// The admin token every test backend is configured with.
    public static let adminToken = "test-admin-token-" + String(UInt64.random(in: 1...UInt64.max), radix: 16)
}
