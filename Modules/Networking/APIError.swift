import CurlHTTP
import Foundation
import Models

/// Why an API call failed.
public enum APIError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The request did not complete (timeout, refused, DNS, TLS, ...).
    case transport(TransportError)
    /// The server answered with an error status; `problem` is its RFC 9457 body when it sent one.
    case http(status: Int, problem: Problem?)
    /// The body does not fit the /v2 contract, or is for another park.
    case contract(ContractError)
    /// No proof could be made or it was refused, and the request may not go unsigned (a write, a
    /// policy that denies unsigned reads, or the local strict setting).
    case unsignedNotAllowed(reason: String)

    public var description: String {
        switch self {
        case .transport(let error): "\(error)"
        case .http(let status, let problem):
            if let problem {
                "server error \(status) (\(problem.code.rawValue)): \(problem.title)"
            } else {
                "server error \(status)"
            }
        case .contract(let error): "\(error)"
        case .unsignedNotAllowed(let reason):
            "request proof unavailable and unsigned requests are not allowed: \(reason)"
        }
    }

    /// The problem code, when the server sent one.
    public var problemCode: String? {
        if case .http(_, let problem?) = self { return problem.code.rawValue }
        return nil
    }
}

/// A decoded response with what the cache needs.
public struct Fetched<Value: Sendable>: Sendable {
    public var value: Value
    /// The raw body (the cached one when the server answered 304).
    public var body: Data
    public var etag: String?
    /// True when the server answered 304 and the cached body was used.
    public var notModified: Bool
    /// False when the read went out without a request proof (unsigned fallback).
    public var signed: Bool
}

/// A cached body and its ETag, for a conditional request.
public struct CachedBody: Sendable {
    public var etag: String
    /// The body, when the cache still has it; a 304 without it refetches unconditionally.
    public var body: Data?

    public init(etag: String, body: Data?) {
        self.etag = etag
        self.body = body
    }
}
