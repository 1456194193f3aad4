import FoundationEssentials

/// Why a lot's chance of a space at arrival is not known.
public enum ArrivalUnknown: Hashable, Sendable {
    /// The park's parking counts are stale: observed at this time, if known.
    case stale(observedAt: Date?)
    /// The park's parking counts are unavailable.
    case unavailable
    /// No answer could be had (the server is down and nothing is cached).
    case noAnswer
    /// The answer has no entry for the park.
    case notInAnswer
    /// The answer was made on another day (Seoul time) than today: made at this time.
    case anotherDay(Date)
    /// The arrival lies beyond the forecast's reach.
    case beyondReach
    /// The lot has no forecast points, for this reason when the server gave one.
    case noForecast(ForecastGap?)
}

/// One lot as a place to park at an arrival time.
public struct ArrivalCandidate: Hashable, Sendable {
    /// Where the lot stands at arrival.
    public enum Standing: Hashable, Sendable {
        /// Open, with an estimate from current counts.
        case known(ArrivalEstimate)
        /// Open, but its chance of a space is not known.
        case unknown(ArrivalUnknown)
        /// Closed at arrival; it opens at this time (nil when its hours are unknown).
        case closed(opensAt: Date?)
    }

    public var lot: ParkingLot
    /// Minutes from now to arrival: the drive, or what the person said.
    public var etaMinutes: Int
    public var arrival: Date
    public var standing: Standing
    /// When the lot first becomes likely full (risk of no space at least one half) before arrival, if it does.
    public var likelyFullAt: Date?

    public init(lot: ParkingLot, etaMinutes: Int, arrival: Date, standing: Standing, likelyFullAt: Date? = nil) {
        self.lot = lot
        self.etaMinutes = etaMinutes
        self.arrival = arrival
        self.standing = standing
        self.likelyFullAt = likelyFullAt
    }

    /// The estimate at arrival, when known.
    public var estimate: ArrivalEstimate? {
        if case .known(let estimate) = standing { estimate } else { nil }
    }

    /// The chance (0...1) of finding a space at arrival, when known.
    public var chanceOfSpace: Double? { estimate.map { 1 - $0.riskOfNoSpace } }

    /// Whether the lot is open at arrival.
    public var open: Bool {
        if case .closed = standing { false } else { true }
    }
}

/// "Where to go now": every lot of the answer ranked for one arrival. The one rule the terminal, the widget and the
/// pages show.
public enum ArrivalRanking {
    /// A lot that closes within this time after arrival is left out: there is no time to park and go.
    public static let closingMargin: TimeInterval = 30 * 60
    /// The furthest arrival asked for, in minutes: the forecast's reach.
    public static let reachMinutes = 180
    /// Risk of no space from which a lot counts as likely full.
    public static let likelyFullRisk = 0.5

    /// When the person arrives: in a number of minutes they said, or after the rough drive from a position.
    public enum Arrival: Sendable, Equatable {
        case inMinutes(Int)
        case drive(from: Coordinate)

        /// The minutes the person said, when they said them.
        public var minutes: Int? {
            if case .inMinutes(let minutes) = self { minutes } else { nil }
        }

        /// The minutes when given, else the drive from `home` when one is saved, else in ``defaultMinutes``: the
        /// app's go tab and the go widget alike.
        public static func chosen(minutes: Int?, home: Coordinate?) -> Arrival {
            minutes.map(Arrival.inMinutes) ?? home.map { .drive(from: $0) } ?? .inMinutes(defaultMinutes)
        }

        /// The arrival when neither minutes nor a position are given.
        public static let defaultMinutes = 30
    }

    /// Every lot ranked for `arrival`: the minutes said, or each lot's rough drive (``DriveTime``) over its park's
    /// reported road speed. A start the drive model cannot reach puts every lot beyond reach.
    public static func rank(_ answer: LotForecastsResponse?, arrival: Arrival, catalog: Catalog, now: Date)
        -> [ArrivalCandidate]
    {
        rank(answer, catalog: catalog, now: now) { lot, traffic in
            switch arrival {
            case .inMinutes(let minutes): return minutes
            case .drive(let start):
                return
                    (try? DriveTime.minutes(
                        from: start, to: lot.coordinate, speedKmh: DriveTime.reportedSpeed(traffic)))
                    ?? reachMinutes + 1
            }
        }
    }

    /// Every lot of `catalog` at its arrival (`eta` minutes from `now`, from the lot and its park's road traffic):
    /// those with a known chance of a space first, by that chance, then by the drive, then by p10; then the unknown
    /// ones by the drive; then those closed at arrival by when they open. A lot that closes within ``closingMargin`` of its
    /// arrival is left out.
    public static func rank(
        _ answer: LotForecastsResponse?, catalog: Catalog, now: Date,
        eta: (ParkingLot, RoadTraffic?) -> Int
    ) -> [ArrivalCandidate] {
        let today = SeoulTime(now).dayNumber
        var candidates: [ArrivalCandidate] = []
        for lot in catalog.lots {
            let entry = answer?.park(lot.parkId)
            let minutes = eta(lot, entry?.roadTraffic)
            let arrival = wholeMinute(now.addingTimeInterval(TimeInterval(minutes * 60)))
            let minute = SeoulTime(arrival).minuteOfDay
            guard lot.hours.isOpen(atMinuteOfDay: minute) else {
                candidates.append(
                    ArrivalCandidate(
                        lot: lot, etaMinutes: minutes, arrival: arrival,
                        standing: .closed(opensAt: lot.hours.nextOpening(after: arrival))))
                continue
            }
            let closingCheck = SeoulTime(arrival.addingTimeInterval(closingMargin)).minuteOfDay
            guard lot.hours.isOpen(atMinuteOfDay: closingCheck) else { continue }
            var candidate = ArrivalCandidate(
                lot: lot, etaMinutes: minutes, arrival: arrival,
                standing: .unknown(answer == nil ? .noAnswer : .notInAnswer))
            if let answer, let entry {
                candidate.standing = standing(of: lot, in: entry, answer: answer, today: today, arrival: arrival)
                if case .known(let estimate) = candidate.standing, estimate.riskOfNoSpace >= likelyFullRisk {
                    candidate.likelyFullAt = firstLikelyFull(
                        entry.forecast(lot.id), now: entry.status(lot.id), from: now, to: arrival)
                }
            }
            candidates.append(candidate)
        }
        return candidates.sorted(by: precedes)
    }

    /// The start of the minute `date` falls in: an arrival is said to the minute ("at 14:40"), so every reader that
    /// ranks within one minute (the page, the terminal, the widget) gives the same numbers for it.
    static func wholeMinute(_ date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 / 60).rounded(.down) * 60)
    }

    /// The standing of an open lot from its park's entry.
    static func standing(
        of lot: ParkingLot, in entry: ParkLotForecasts, answer: LotForecastsResponse, today: Int, arrival: Date
    ) -> ArrivalCandidate.Standing {
        guard SeoulTime(answer.generatedAt).dayNumber == today else { return .unknown(.anotherDay(answer.generatedAt)) }
        switch entry.freshness[.parking]?.state {
        case .known(.fresh), .known(.noItem): break
        case .known(.stale): return .unknown(.stale(observedAt: entry.freshness[.parking]?.observedAt))
        case .known(.unavailable), .unknown, nil: return .unknown(.unavailable)
        }
        guard let forecast = entry.forecast(lot.id), !forecast.points.isEmpty else {
            return .unknown(.noForecast(entry.forecast(lot.id)?.gap?.known))
        }
        guard let estimate = forecast.estimate(at: arrival, now: entry.status(lot.id)) else {
            return .unknown(.beyondReach)
        }
        return .known(estimate)
    }

    /// The first five-minute step from `start` to `end` at which the lot is likely full.
    static func firstLikelyFull(_ forecast: ParkingForecast?, now: LotStatus?, from start: Date, to end: Date) -> Date?
    {
        guard let forecast else { return nil }
        var instant = start
        while instant <= end {
            if let estimate = forecast.estimate(at: instant, now: now), estimate.riskOfNoSpace >= likelyFullRisk {
                return instant
            }
            instant = instant.addingTimeInterval(300)
        }
        return end
    }

    /// The ranking's order.
    static func precedes(_ a: ArrivalCandidate, _ b: ArrivalCandidate) -> Bool {
        func tier(_ c: ArrivalCandidate) -> Int {
            switch c.standing {
            case .known: 0
            case .unknown: 1
            case .closed: 2
            }
        }
        if tier(a) != tier(b) { return tier(a) < tier(b) }
        if let chanceA = a.chanceOfSpace, let chanceB = b.chanceOfSpace, chanceA != chanceB { return chanceA > chanceB }
        if case .closed(let openA) = a.standing, case .closed(let openB) = b.standing, openA != openB {
            return (openA ?? .distantFuture) < (openB ?? .distantFuture)
        }
        if a.etaMinutes != b.etaMinutes { return a.etaMinutes < b.etaMinutes }
        // Equal chances (risks are given to the hundredth): the lot with more spaces even in the pessimistic case.
        if let low = a.estimate?.p10, let other = b.estimate?.p10, low != other { return low > other }
        return a.lot.id.rawValue < b.lot.id.rawValue
    }
}
