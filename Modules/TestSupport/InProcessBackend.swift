import CurlHTTP
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Models
import NIOCore
import Networking
import ReferenceServer
import ServerHTTP
import TestFixtures

/// What a test needs of a served backend, whether it answers on a loopback socket (`TestBackend`) or in this
/// process through Hummingbird's router testing (`InProcessBackend`): a transport to it, its clock, admin calls.
public protocol ServedBackend: Sendable {
    var backend: ReferenceBackend { get }
    /// Where its routes are, for the URLs of requests sent through `transport`.
    var baseURL: String { get }
    /// Sends a request to it.
    var transport: HTTPTransport { get }
    /// Seconds added to the real clock on the server side.
    var clockOffset: ClockOffset { get }
}

extension ServedBackend {
    /// A client of this backend through `transport`, or another (signed requests, tokens, ETags as in the app).
    public func client(
        store: CredentialStore = .inMemory(), transport: HTTPTransport? = nil, strict: Bool = false,
        timeout: Duration = .seconds(5), now: @escaping @Sendable () -> Date = { TestClock.now() }
    ) -> APIClient {
        var configuration = APIConfiguration(baseURL: baseURL, appVersion: "0.1.0-test")
        configuration.strictSigning = strict
        configuration.requestTimeout = timeout
        return APIClient(
            configuration: configuration, transport: transport ?? self.transport, store: store, now: now)
    }

    /// Calls an admin endpoint with the admin token.
    public func admin(_ pathAndQuery: String) async throws {
        let response = try await transport.send(
            CurlHTTP.HTTPRequest(
                method: "POST", url: baseURL + pathAndQuery,
                headers: [("Authorization", "Bearer \(TestBackend.adminToken)")], body: Data(),
                deadline: Date().addingTimeInterval(5)))
        guard response.status < 300 else {
            throw CocoaError(
                .featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "admin \(pathAndQuery): \(response.status)"])
        }
    }
}

extension TestBackend: ServedBackend {
    public var transport: HTTPTransport { Self.curl.transport }
}

/// A reference backend served in this process through Hummingbird's router testing (`app.test(.router)`): its
/// routes, middlewares and background services as `serve` runs them, and no socket. For tests whose subject is
/// what the server answers, not how bytes cross a connection.
public struct InProcessBackend: ServedBackend {
    public let backend: ReferenceBackend
    public let clockOffset: ClockOffset
    public let transport: HTTPTransport
    public var baseURL: String { Self.origin }

    /// The origin request URLs name (the router sees only the path and query).
    static let origin = "http://localhost"

    /// Runs `test` against a backend configured as `TestBackend.start` configures one.
    public static func run<Value: Sendable>(_ test: @Sendable (InProcessBackend) async throws -> Value)
        async throws -> Value
    {
        try await configured().run(test)
    }

    /// A backend configured as `TestBackend.start` configures one, then `configure`, sharing `shared` (nothing by
    /// default); `.run { server in ... }` runs a test against it.
    public static func configured(
        shared: SharedState? = nil, _ configure: @escaping @Sendable (inout ServerConfiguration) -> Void = { _ in }
    ) -> Setup {
        Setup(shared: shared, configure: configure)
    }

    /// How an in-process backend is made, before it runs.
    public struct Setup: Sendable {
        let shared: SharedState?
        let configure: @Sendable (inout ServerConfiguration) -> Void

        /// Serves the backend in process for the length of `test`.
        public func run<Value: Sendable>(_ test: @Sendable (InProcessBackend) async throws -> Value)
            async throws -> Value
        {
            let offset = ClockOffset()
            let configuration = try TestBackend.configuration(offset: offset, configure)
            let backend = try ReferenceBackend(configuration: configuration, shared: shared)
            return try await backend.application().test(.router) { client in
                try await test(
                    InProcessBackend(
                        backend: backend, clockOffset: offset, transport: InProcessBackend.transport(client)))
            }
        }
    }

    /// Sends each request to the router through the testing client, as libcurl would send it to the socket.
    static func transport(_ client: some TestClientProtocol) -> HTTPTransport {
        HTTPTransport { (request: CurlHTTP.HTTPRequest) async throws(TransportError) -> CurlHTTP.HTTPResponse in
            var fields = HTTPFields()
            for (name, value) in request.headers {
                if let field = HTTPField.Name(name) { fields.append(HTTPField(name: field, value: value)) }
            }
            let uri = request.url.hasPrefix(origin) ? String(request.url.dropFirst(origin.count)) : request.url
            do {
                return try await client.execute(
                    uri: uri, method: HTTPTypes.HTTPRequest.Method(request.method.rawValue) ?? .get, headers: fields,
                    body: request.body.map { ByteBuffer(bytes: $0) }
                ) { response in
                    var headers: [String: String] = [:]
                    for field in response.headers { headers[field.name.canonicalName] = field.value }
                    return CurlHTTP.HTTPResponse(
                        status: response.status.code, headers: headers, body: Data(buffer: response.body))
                }
            } catch {
                throw .connectFailed("\(error)")
            }
        }
    }
}
