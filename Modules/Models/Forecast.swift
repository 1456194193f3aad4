import FoundationEssentials

/// How much to trust a forecast.
public enum ForecastConfidence: String, ContractEnum {
    case high, medium, low
}

/// Why a forecast says what it says.
public enum ForecastReason: String, ContractEnum {
    /// Anchored on the latest observed value.
    case latestValue = "latest_value"
    /// Follows the recent movement.
    case recentTrend = "recent_trend"
    /// Follows the usual value for this weekday and time.
    case weekdayBaseline = "weekday_baseline"
    /// Weekend or public holiday pattern.
    case holidayPattern = "holiday_pattern"
    /// An event nearby raises demand.
    case event
    /// Weather lowers or raises demand.
    case weather
    /// The lot closes before this time.
    case closingSoon = "closing_soon"
    /// Little history: the range is wide.
    case sparseHistory = "sparse_history"
    /// Road works at the lot's entrance while this time (Seoul's ACDNT_CNTRL_STTS): said, not counted in.
    case roadWorks = "road_works"
}

/// Why a forecast has no points.
public enum ForecastGap: String, ContractEnum {
    /// No history for this lot or park yet.
    case noHistory = "no_history"
    /// The source has no live count for this lot.
    case noLiveCount = "no_live_count"
    /// The lot is closed for the whole horizon.
    case closed
}

/// How a lot's parking forecast was made.
public enum ParkingForecastBasis: String, ContractEnum {
    /// A model learned from the deployment's recorded history, with bands from its recent errors.
    case learned
    /// The usual change on recent days of the same kind: the server does not learn, or has too little history yet.
    case rule
}

/// Available spaces expected at one future time.
public struct ForecastPoint: Hashable, Sendable, Codable {
    /// The future time.
    public var at: Date
    /// Minutes after the forecast was made.
    public var minutesAhead: Int
    /// Pessimistic free spaces (10th percentile).
    public var p10: Int
    /// Median free spaces.
    public var p50: Int
    /// Optimistic free spaces (90th percentile).
    public var p90: Int
    /// Probability (0...1) of finding no free space.
    public var riskOfNoSpace: Double
    public var confidence: OpenEnum<ForecastConfidence>
    public var reasons: [OpenEnum<ForecastReason>]

    public init(
        at: Date, minutesAhead: Int, p10: Int, p50: Int, p90: Int, riskOfNoSpace: Double,
        confidence: OpenEnum<ForecastConfidence>, reasons: [OpenEnum<ForecastReason>]
    ) {
        self.at = at
        self.minutesAhead = minutesAhead
        self.p10 = p10
        self.p50 = p50
        self.p90 = p90
        self.riskOfNoSpace = riskOfNoSpace
        self.confidence = confidence
        self.reasons = reasons
    }
}

/// A parking forecast for a whole park (`lotId` nil) or one lot.
public struct ParkingForecast: Hashable, Sendable, Codable {
    /// The lot, or nil for the park total.
    public var lotId: LotID?
    /// Points at increasing times; empty when `gap` says why.
    public var points: [ForecastPoint]
    /// Why there are no points.
    public var gap: OpenEnum<ForecastGap>?
    /// While the lot (or every lot of the park) is closed: the forecast for when it opens next (optional addition).
    public var opening: ForecastPoint?
    /// How the points were made (optional addition; a park total is learned only when every lot's forecast is).
    public var basis: OpenEnum<ParkingForecastBasis>?

    public init(
        lotId: LotID?, points: [ForecastPoint], gap: OpenEnum<ForecastGap>? = nil, opening: ForecastPoint? = nil,
        basis: OpenEnum<ParkingForecastBasis>? = nil
    ) {
        self.lotId = lotId
        self.points = points
        self.gap = gap
        self.opening = opening
        self.basis = basis
    }

    /// The point closest to `minutes` ahead, if any.
    public func point(minutesAhead minutes: Int) -> ForecastPoint? {
        points.min { abs($0.minutesAhead - minutes) < abs($1.minutesAhead - minutes) }
    }
}

/// The expected crowd level at one future time.
public struct CrowdForecastPoint: Hashable, Sendable, Codable {
    public var at: Date
    public var level: OpenEnum<CrowdLevel>
    /// Expected population range, when the source gives one.
    public var populationMin: Int?
    public var populationMax: Int?

    public init(at: Date, level: OpenEnum<CrowdLevel>, populationMin: Int? = nil, populationMax: Int? = nil) {
        self.at = at
        self.level = level
        self.populationMin = populationMin
        self.populationMax = populationMax
    }
}

/// Where a crowd forecast comes from.
public enum CrowdForecastBasis: String, ContractEnum {
    /// The city data source's own forecast.
    case source
    /// The usual level for this weekday and time.
    case baseline
}

/// The park's crowd forecast.
public struct CrowdForecast: Hashable, Sendable, Codable {
    public var points: [CrowdForecastPoint]
    public var confidence: OpenEnum<ForecastConfidence>
    public var basis: OpenEnum<CrowdForecastBasis>

    public init(
        points: [CrowdForecastPoint], confidence: OpenEnum<ForecastConfidence>, basis: OpenEnum<CrowdForecastBasis>
    ) {
        self.points = points
        self.confidence = confidence
        self.basis = basis
    }
}

/// Every forecast of one park, computed ahead of time by the server.
public struct ForecastOverview: Hashable, Sendable, Codable {
    public var parkId: ParkID
    /// When the forecast was computed.
    public var generatedAt: Date
    /// How far ahead it reaches, in minutes.
    public var horizonMinutes: Int
    /// The park total.
    public var park: ParkingForecast
    /// One forecast per lot.
    public var lots: [ParkingForecast]
    /// The crowd forecast.
    public var crowd: CrowdForecast
    /// The city data source's own crowd forecast, shown beside ours and labelled as the source's (optional addition).
    public var sourceCrowd: CrowdForecast?

    public init(
        parkId: ParkID, generatedAt: Date, horizonMinutes: Int, park: ParkingForecast,
        lots: [ParkingForecast], crowd: CrowdForecast, sourceCrowd: CrowdForecast? = nil
    ) {
        self.sourceCrowd = sourceCrowd
        self.parkId = parkId
        self.generatedAt = generatedAt
        self.horizonMinutes = horizonMinutes
        self.park = park
        self.lots = lots
        self.crowd = crowd
    }
}
