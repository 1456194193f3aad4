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
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.backfillDays = 0
        configuration.collectInBackground = false
        configuration.logLevel = "critical"
        configuration.adminToken = try AdminToken(Self.adminToken)
        let clock = TestClock.clock()
        configuration.now = { clock.now().addingTimeInterval(offset.seconds) }
        configure(&configuration)
        let backend = try ReferenceBackend(configuration: configuration, shared: shared)
        let server = try await backend.start()
        return TestBackend(backend: backend, server: server, clockOffset: offset)
    }

    private init(backend: ReferenceBackend, server: RunningServer, clockOffset: ClockOffset) {
        self.backend = backend
        self.server = server
        self.clockOffset = clockOffset
    }

    public var baseURL: String { server.baseURL }

    public func stop() async { await server.stop() }

    /// A client of this backend over the real libcurl transport.
    public func client(
        store: CredentialStore = .inMemory(), transport: HTTPTransport? = nil, strict: Bool = false,
        timeout: Duration = .seconds(5), now: @escaping @Sendable () -> Date = { TestClock.now() }
    ) -> APIClient {
        var configuration = APIConfiguration(baseURL: baseURL, appVersion: "0.1.0-test")
        configuration.strictSigning = strict
        configuration.requestTimeout = timeout
        return APIClient(
            configuration: configuration, transport: transport ?? Self.curl.transport, store: store, now: now)
    }

    /// One libcurl transport shared by the tests of a process.
    public static let curl = CurlTransport(configuration: TransportConfiguration(userAgent: "hangangjari-tests/0.1.0"))

    /// The admin token every test backend is configured with.
    public static let adminToken = "test-admin-token-" + String(UInt64.random(in: 1...UInt64.max), radix: 16)

    /// Calls an admin endpoint with the admin token.
    public func admin(_ pathAndQuery: String) async throws {
        let response = try await Self.curl.send(
            HTTPRequest(
                method: "POST", url: baseURL + pathAndQuery, headers: [("Authorization", "Bearer \(Self.adminToken)")],
                body: Data(),
                deadline: Date().addingTimeInterval(5)))
        guard response.status < 300 else {
            throw CocoaError(
                .featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "admin \(pathAndQuery): \(response.status)"])
        }
    }
}
