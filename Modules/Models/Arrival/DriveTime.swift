import FoundationEssentials

/// A rough drive time: the straight line to the lot times a detour factor, over the road speed Seoul reports around
/// the park. Shown as "about 35 min", never as a promise; it is computed on the device, so a position never leaves it.
public enum DriveTime {
    /// Roads are longer than the straight line: Seoul's street network runs about 1.3 times it.
    public static let detourFactor = 1.3
    /// The speed assumed when Seoul reports none around the park (or the data is simulated): Seoul's average
    /// daytime road speed is about 20 km/h.
    public static let defaultSpeedKmh = 20.0
    /// Reported speeds are held to this range, so a stuck sensor makes no drive of zero or of hours.
    public static let speedRange = 5.0...80.0

    /// Why no drive time can be given.
    public enum Refusal: Error, Hashable, Sendable {
        /// The start lies outside Seoul: the model knows nothing of the roads from there.
        case outsideSeoul(Coordinate)
    }

    /// The drive from `start` to `destination` in whole minutes (at least 1), at `speedKmh` when reported.
    public static func minutes(from start: Coordinate, to destination: Coordinate, speedKmh: Double?)
        throws(Refusal) -> Int
    {
        guard start.isInSeoul else { throw .outsideSeoul(start) }
        let speed = speedKmh.map { min(max($0, speedRange.lowerBound), speedRange.upperBound) } ?? defaultSpeedKmh
        let kilometres = start.distance(to: destination) * detourFactor / 1000
        return max(1, Int((kilometres / speed * 60).rounded(.up)))
    }

    /// Whether the speed a park reports is the one used (else ``defaultSpeedKmh``).
    public static func reportedSpeed(_ traffic: RoadTraffic?) -> Double? {
        traffic?.speedKmh.flatMap { $0 > 0 ? $0 : nil }
    }
}
