/// A park's stable id, e.g. `yeouido`. Ids never change, even when Seoul renames a park or a lot.
public struct ParkID: RawRepresentable, Hashable, Sendable, Codable, Comparable, ExpressibleByStringLiteral {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public init(from decoder: any Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
    public static func < (lhs: ParkID, rhs: ParkID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A parking lot's stable id, e.g. `yeouido-1` or `banpo-2-3`.
public struct LotID: RawRepresentable, Hashable, Sendable, Codable, Comparable, ExpressibleByStringLiteral {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public init(from decoder: any Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
    public static func < (lhs: LotID, rhs: LotID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A WGS 84 position.
public struct Coordinate: Hashable, Sendable, Codable {
    /// Latitude in degrees.
    public var lat: Double
    /// Longitude in degrees.
    public var lon: Double

    public init(lat: Double, lon: Double) {
        self.lat = lat
        self.lon = lon
    }

    /// Great-circle distance in metres (haversine).
    public func distance(to other: Coordinate) -> Double {
        let r = 6_371_000.0
        let toRad = Double.pi / 180
        let dLat = (other.lat - lat) * toRad
        let dLon = (other.lon - lon) * toRad
        let a =
            sin(dLat / 2) * sin(dLat / 2) + cos(lat * toRad) * cos(other.lat * toRad) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * r * asin(min(1, a.squareRoot()))
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#else
    import Foundation
#endif
