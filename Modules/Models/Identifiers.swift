/// What a ``ParkID`` tags: ids of parks and of lots are both strings, never interchangeable.
public enum ParkTag {}
/// What a ``LotID`` tags.
public enum LotTag {}

/// A park's stable id, e.g. `yeouido`. Ids never change, even when Seoul renames a park or a lot.
public typealias ParkID = StringID<ParkTag>

/// A parking lot's stable id, e.g. `yeouido-1` or `banpo-2-3`.
public typealias LotID = StringID<LotTag>

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

    /// Whether the position lies in the box around Seoul (37.41–37.72 N, 126.76–127.19 E, with a margin of a
    /// kilometre or so): a park's lot, station or charger outside it is a wrong position, not a far one.
    public var isInSeoul: Bool { (37.41...37.72).contains(lat) && (126.76...127.19).contains(lon) }

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
