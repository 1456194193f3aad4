/// An HTTP request method. Open: the contract uses GET, POST and DELETE, while tests and probes send any token.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue.uppercased() }

    public static let get = HTTPMethod(rawValue: "GET")
    public static let head = HTTPMethod(rawValue: "HEAD")
    public static let post = HTTPMethod(rawValue: "POST")
    public static let delete = HTTPMethod(rawValue: "DELETE")

    /// Whether a request with this method changes state (and so must be signed and idempotent by key).
    public var isWrite: Bool { self != .get && self != .head }

    public var description: String { rawValue }
}

extension HTTPMethod: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self.init(rawValue: value) }
}
