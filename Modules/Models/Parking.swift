import FoundationEssentials

/// How full a lot is, as shown to the user.
public enum LotStatusLabel: String, ContractEnum {
    case available, normal, crowded, full, closed, unknown
}

/// The live state of one lot.
public struct LotStatus: Hashable, Sendable, Codable {
    /// The lot.
    public var lotId: LotID
    /// Free spaces, or nil when no live count exists (never reported as zero).
    public var available: Int?
    /// Number of spaces.
    public var capacity: Int
    /// When the count was observed by the source, if known.
    public var observedAt: Date?
    /// The label derived from the count and the hours.
    public var label: OpenEnum<LotStatusLabel>
    /// Lots counted together with this one: the source reports one count for all of them, and `available` and
    /// `capacity` are the group's (optional addition).
    public var sharedWith: [LotID]?

    public init(
        lotId: LotID, available: Int?, capacity: Int, observedAt: Date?, label: OpenEnum<LotStatusLabel>,
        sharedWith: [LotID]? = nil
    ) {
        self.lotId = lotId
        self.available = available
        self.capacity = capacity
        self.observedAt = observedAt
        self.label = label
        self.sharedWith = sharedWith
    }

    /// The label for a count: closed outside hours, unknown without a count, then by the free share.
    public static func label(available: Int?, capacity: Int, isOpen: Bool) -> LotStatusLabel {
        guard isOpen else { return .closed }
        guard let available, capacity > 0 else { return .unknown }
        if available <= 0 { return .full }
        let share = Double(available) / Double(capacity)
        if share < 0.1 { return .crowded }
        if share < 0.4 { return .normal }
        return .available
    }
}

/// Why a lot was recommended.
public enum RecommendationReason: String, ContractEnum {
    /// Most free spaces right now.
    case mostAvailable = "most_available"
    /// Expected to keep the most spaces until arrival.
    case bestForecast = "best_forecast"
    /// The only lot with a live count.
    case onlyLiveCount = "only_live_count"
    /// No live count anywhere: the largest lot.
    case largestCapacity = "largest_capacity"
}

/// The lot the app suggests, with the reason it was chosen.
public struct Recommendation: Hashable, Sendable, Codable {
    public var lotId: LotID
    public var reason: OpenEnum<RecommendationReason>
    /// Free spaces at the time of the recommendation, when known.
    public var available: Int?

    public init(lotId: LotID, reason: OpenEnum<RecommendationReason>, available: Int?) {
        self.lotId = lotId
        self.reason = reason
        self.available = available
    }
}

/// A lot together with its live status.
public struct LotWithStatus: Hashable, Sendable, Codable {
    public var lot: ParkingLot
    public var status: LotStatus

    public init(lot: ParkingLot, status: LotStatus) {
        self.lot = lot
        self.status = status
    }
}

/// Parking across all lots of a park.
public struct ParkingAggregate: Hashable, Sendable, Codable {
    public var parkId: ParkID
    /// Sum of capacities of all lots.
    public var totalCapacity: Int
    /// Sum of free spaces over lots with a live count; nil when no lot has one.
    public var totalAvailable: Int?
    /// Number of lots with a live count.
    public var lotsReporting: Int
    /// The suggested lot, if any lot is open.
    public var recommended: Recommendation?
    /// Every lot with its status.
    public var lots: [LotWithStatus]

    public init(
        parkId: ParkID, totalCapacity: Int, totalAvailable: Int?, lotsReporting: Int,
        recommended: Recommendation?, lots: [LotWithStatus]
    ) {
        self.parkId = parkId
        self.totalCapacity = totalCapacity
        self.totalAvailable = totalAvailable
        self.lotsReporting = lotsReporting
        self.recommended = recommended
        self.lots = lots
    }

    /// Builds totals from lots and statuses; the recommendation is passed in (the server chooses it). A count shared
    /// by several lots is added once.
    public init(parkId: ParkID, lots: [LotWithStatus], recommended: Recommendation?) {
        var counted = Set<LotID>()
        var known: [Int] = []
        for entry in lots {
            guard let available = entry.status.available, !counted.contains(entry.lot.id) else { continue }
            counted.formUnion([entry.lot.id] + (entry.status.sharedWith ?? []))
            known.append(available)
        }
        self.init(
            parkId: parkId,
            totalCapacity: lots.reduce(0) { $0 + $1.lot.capacity },
            totalAvailable: known.isEmpty ? nil : known.reduce(0, +),
            lotsReporting: lots.filter { $0.status.available != nil }.count,
            recommended: recommended,
            lots: lots)
    }
}
