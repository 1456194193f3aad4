/// A string-backed enum value that survives values this client does not know yet.
///
/// Servers update faster than installed clients. Every enum in the /v2 contract is wrapped in
/// `OpenEnum`, so a payload with a value added by a newer server still decodes: the value
/// becomes `.unknown(raw)` and keeps its raw string for diagnostics and round-trips.
public enum OpenEnum<Known: ContractEnum>: Sendable, Hashable {
    /// A value this client knows.
    case known(Known)
    /// A value this client does not know, with the raw string as sent.
    case unknown(String)

    /// Wraps a raw string, known or not.
    public init(rawValue: String) {
        if let known = Known(rawValue: rawValue) {
            self = .known(known)
        } else {
            self = .unknown(rawValue)
        }
    }

    /// The raw string, as it appears on the wire.
    public var rawValue: String {
        switch self {
        case .known(let value): value.rawValue
        case .unknown(let raw): raw
        }
    }

    /// The known value, or nil when the value is unknown to this client.
    public var known: Known? {
        if case .known(let value) = self { return value }
        return nil
    }
}

extension OpenEnum: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.init(rawValue: try container.decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

extension OpenEnum: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }
}

extension OpenEnum: CustomStringConvertible {
    public var description: String { rawValue }
}

/// A closed, string-backed enum of the contract, the `Known` of an ``OpenEnum``.
///
/// One protocol rather than a list of requirements: the runtime checks a generic argument's conformances by scanning
/// every conformance record of the binary, once per protocol, so each `OpenEnum<X>` costs one scan instead of three
/// the first time a process decodes it.
public protocol ContractEnum: RawRepresentable, Sendable, Hashable, CaseIterable where RawValue == String {}
