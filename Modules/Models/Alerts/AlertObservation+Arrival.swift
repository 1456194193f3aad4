import FoundationEssentials

extension AlertObservation {
    /// A trip's lot at the person's arrival, as ``AlertRule`` reads it: the forecast's p50 then, from counts as fresh
    /// as its park's; closed at arrival, or unknown, it is nothing to act on. The server's watcher and
    /// `hangangjari go LOT --leave now` read a trip through this one place.
    public init(arrivingAt candidate: ArrivalCandidate) {
        switch candidate.standing {
        case .known(let estimate):
            self.init(available: estimate.p50, freshness: .fresh, closed: false, atArrival: true)
        case .closed:
            self.init(available: nil, freshness: .fresh, closed: true, atArrival: true)
        case .unknown(.stale):
            self.init(available: nil, freshness: .stale, closed: false, atArrival: true)
        case .unknown:
            self.init(available: nil, freshness: .unavailable, closed: false, atArrival: true)
        }
    }
}

extension ArrivalRanking {
    /// Every lot ranked for a trip's arrival (each lot at the same instant), and the trip's own lot among them; nil
    /// for the lot when it closes before the person could park.
    public static func trip(
        to lot: LotID, arrivingAt arrival: Date, _ answer: LotForecastsResponse?, catalog: Catalog, now: Date
    ) -> (ranked: [ArrivalCandidate], mine: ArrivalCandidate?) {
        let minutes = max(0, Int((arrival.timeIntervalSince(now) / 60).rounded(.up)))
        let ranked = rank(answer, catalog: catalog, now: now) { _, _ in minutes }
        return (ranked, ranked.first { $0.lot.id == lot })
    }

    /// The lot a trip's alert proposes: the best of the others whose p50 at arrival keeps the margin.
    public static func alternative(to lot: LotID, in ranked: [ArrivalCandidate], margin: Int) -> ArrivalCandidate? {
        ranked.first { $0.lot.id != lot && ($0.estimate?.p50 ?? 0) >= margin }
    }
}
