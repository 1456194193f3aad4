import FoundationEssentials

/// A lot's free spaces expected at one instant, read from its forecast points.
public struct ArrivalEstimate: Hashable, Sendable {
    public var at: Date
    public var p10: Int
    public var p50: Int
    public var p90: Int
    /// Probability (0...1) of finding no free space.
    public var riskOfNoSpace: Double

    public init(at: Date, p10: Int, p50: Int, p90: Int, riskOfNoSpace: Double) {
        self.at = at
        self.p10 = p10
        self.p50 = p50
        self.p90 = p90
        self.riskOfNoSpace = riskOfNoSpace
    }
}

extension ParkingForecast {
    /// Points further apart than this have a closed stretch between them: nothing is read across it.
    public static let widestStep: TimeInterval = 35 * 60

    /// The estimate at `instant`: the live count `now` is the point at its observation (p10 = p50 = p90 = the count,
    /// risk 1 when it is 0, else 0), and between two neighbouring points p10, p50, p90 and the risk each move in a
    /// straight line, by time. Nil before the first of them, after the last point (the forecast's reach, 180 minutes
    /// from when it was made), and across a gap wider than ``widestStep``.
    public func estimate(at instant: Date, now: LotStatus?) -> ArrivalEstimate? {
        var anchors = points.map {
            ArrivalEstimate(at: $0.at, p10: $0.p10, p50: $0.p50, p90: $0.p90, riskOfNoSpace: $0.riskOfNoSpace)
        }
        if let now, let count = now.available, let observed = now.observedAt,
            anchors.first.map({ observed < $0.at }) ?? false
        {
            let count = max(count, 0)
            anchors.insert(
                ArrivalEstimate(at: observed, p10: count, p50: count, p90: count, riskOfNoSpace: count == 0 ? 1 : 0),
                at: 0)
        }
        guard let first = anchors.first, let last = anchors.last, instant >= first.at, instant <= last.at else {
            return nil
        }
        guard let upper = anchors.firstIndex(where: { $0.at >= instant }) else { return nil }
        let after = anchors[upper]
        guard upper > 0, after.at > instant else { return ArrivalEstimate(after, at: instant) }
        let before = anchors[upper - 1]
        let span = after.at.timeIntervalSince(before.at)
        guard span <= Self.widestStep else { return nil }
        let share = instant.timeIntervalSince(before.at) / span
        func mix(_ a: Int, _ b: Int) -> Int { Int((Double(a) + Double(b - a) * share).rounded()) }
        let risk = before.riskOfNoSpace + (after.riskOfNoSpace - before.riskOfNoSpace) * share
        return ArrivalEstimate(
            at: instant, p10: mix(before.p10, after.p10), p50: mix(before.p50, after.p50),
            p90: mix(before.p90, after.p90), riskOfNoSpace: (risk * 100).rounded() / 100)
    }
}

extension ArrivalEstimate {
    fileprivate init(_ other: ArrivalEstimate, at instant: Date) {
        self = other
        at = instant
    }
}
