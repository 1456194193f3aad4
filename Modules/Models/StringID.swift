/// A string that names one kind of thing (`Tag`), so a park's id is never passed where a lot's is wanted.
///
/// This replaced swift-tagged's `Tagged`: its `LocalizedError` conformance links all of Foundation, and with it
/// ICU's 30 MB of data, into every binary that uses an id, among them the widget's small front.
public struct StringID<Tag>: RawRepresentable, Hashable, Comparable, Sendable {
    /// The id as written in the contract, e.g. `yeouido`.
    public var rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension StringID: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self.rawValue = value }
}

extension StringID: CustomStringConvertible, LosslessStringConvertible {
    public var description: String { rawValue }
}

extension StringID: Codable {
    public init(from decoder: any Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// Dictionaries keyed by an id encode as JSON objects, as they would with `String` keys.
extension StringID: CodingKeyRepresentable {
    public var codingKey: any CodingKey { rawValue.codingKey }
    public init?<T: CodingKey>(codingKey: T) { self.rawValue = codingKey.stringValue }
}
