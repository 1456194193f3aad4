import Foundation
import Models

/// An HTTP request as the transport sends it.
public struct HTTPRequest: Sendable {
    public var method: HTTPMethod
    public var url: String
    /// Header fields in order; names as written.
    public var headers: [(name: String, value: String)]
    public var body: Data?
    /// The whole exchange must finish by this time.
    public var deadline: Date

    public init(
        method: HTTPMethod = .get, url: String, headers: [(name: String, value: String)] = [], body: Data? = nil,
        deadline: Date
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.deadline = deadline
    }
}

/// An HTTP response.
public struct HTTPResponse: Sendable {
    public var status: Int
    /// Header fields with lowercased names (repeated fields joined with ", ").
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A header by case-insensitive name.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// What went wrong below HTTP: every libcurl failure maps to one of these.
public enum TransportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The deadline passed (connect or total).
    case timeout
    /// The host name could not be resolved.
    case dns(host: String)
    /// Nothing listens at the address.
    case connectionRefused
    /// The connection could not be made for another reason.
    case connectFailed(String)
    /// The TLS handshake or certificate verification failed.
    case tls(String)
    /// The body is larger than the cap.
    case tooLarge(limit: Int)
    /// The connection closed before the whole body arrived.
    case truncated
    /// The connection broke or the server sent nothing.
    case connectionLost(String)
    /// Only http and https are followed.
    case unsupportedProtocol
    /// More redirects than allowed.
    case tooManyRedirects
    /// The body's content encoding could not be decoded.
    case badContentEncoding
    /// The URL is malformed.
    case invalidURL(String)
    /// The caller cancelled.
    case cancelled
    /// Any other libcurl failure, with its code and message.
    case other(code: Int, message: String)

    public var description: String {
        switch self {
        case .timeout: "timed out"
        case .dns(let host): "could not resolve host \(host)"
        case .connectionRefused: "connection refused"
        case .connectFailed(let m): "could not connect: \(m)"
        case .tls(let m): "TLS failure: \(m)"
        case .tooLarge(let limit): "response larger than \(limit) bytes"
        case .truncated: "response cut short"
        case .connectionLost(let m): "connection lost: \(m)"
        case .unsupportedProtocol: "only http and https are allowed"
        case .tooManyRedirects: "too many redirects"
        case .badContentEncoding: "could not decode the response's content encoding"
        case .invalidURL(let u): "invalid URL \(u)"
        case .cancelled: "cancelled"
        case .other(let code, let message): "transfer failed (curl \(code)): \(message)"
        }
    }

    /// Whether an idempotent request may be retried after this error.
    public var isRetryable: Bool {
        switch self {
        case .connectionRefused, .connectFailed, .connectionLost, .truncated: true
        default: false
        }
    }
}

/// Sends HTTP requests. A struct of closures so tests and tools can inject any transport.
public struct HTTPTransport: Sendable {
    /// Sends one request and returns the response, or throws ``TransportError``.
    public var send: @Sendable (HTTPRequest) async throws(TransportError) -> HTTPResponse

    public init(send: @escaping @Sendable (HTTPRequest) async throws(TransportError) -> HTTPResponse) {
        self.send = send
    }
}
