import FoundationEssentials
import Models
import ValueWording

/// A display-ready value for one widget kind and park, written to the shared container by whoever fetched last
/// (app or widget) and read by the widget without network or SQLite.
public struct WidgetSnapshot: Codable, Sendable, Equatable {
    /// The file format; readers ignore snapshots of another major format instead of misreading them.
    public static let currentFormat = 1

    public var format: Int
    public var kind: WidgetKind
    public var parkId: ParkID
    public var parkNameKo: String
    public var parkNameEn: String
    /// When this snapshot was built (the widget's max-age counts from here).
    public var builtAt: Date
    /// When the server built the summary it comes from.
    public var generatedAt: Date
    /// Worst freshness of the sources this kind shows.
    public var freshness: OpenEnum<FreshnessState>
    /// Whether any value is simulated.
    public var simulated: Bool
    /// `hangangjari://park/{id}/{screen}`.
    public var deepLink: String
    public var parking: ParkingPart?
    public var general: GeneralPart?
    public var go: GoPart?

    /// The parking widget's values.
    public struct ParkingPart: Codable, Sendable, Equatable {
        public var lotId: LotID?
        public var lotNameKo: String?
        public var lotNameEn: String?
        public var reason: OpenEnum<RecommendationReason>?
        /// Free spaces of the recommended lot; nil when it has no live count.
        public var available: Int?
        public var capacity: Int?
        public var label: OpenEnum<LotStatusLabel>?
        public var observedAt: Date?
        public var totalAvailable: Int?
        public var totalCapacity: Int
        /// The recommended lot 30 minutes ahead.
        public var forecast: ForecastHint?
        /// Every lot's count (absent in snapshots written before it existed).
        public var lots: [LotCount]?
        /// Every lot is closed (a state, not missing data); `opensAt` says when the first opens, when known.
        public var closed: Bool?
        public var opensAt: Date?
        /// While closed: the park's forecast for its opening.
        public var opening: OpeningHint?
    }

    /// The forecast for when the lots open.
    public struct OpeningHint: Codable, Sendable, Equatable {
        public var at: Date
        public var p10: Int
        public var p50: Int
        public var p90: Int
    }

    /// One lot's live count.
    public struct LotCount: Codable, Sendable, Equatable {
        public var lotId: LotID
        public var nameKo: String
        public var nameEn: String
        public var available: Int?
        public var capacity: Int
    }

    /// A forecast for arrival.
    public struct ForecastHint: Codable, Sendable, Equatable {
        public var minutesAhead: Int
        public var p10: Int
        public var p50: Int
        public var p90: Int
        public var riskOfNoSpace: Double
    }

    /// The go widget's values: every lot's forecast as the server sent it, ranked when shown, since the arrival moves
    /// with the clock and the position stays on this machine. Kept as ranking reads it (``CompactLotForecasts``).
    public struct GoPart: Codable, Sendable, Equatable {
        public private(set) var answer: LotForecastsResponse

        /// The part for `answer`, reduced to what ranking reads (as it is written and read back).
        public init(answer: LotForecastsResponse) {
            self.answer = CompactLotForecasts(answer).answer
        }

        public init(from decoder: any Decoder) throws {
            answer = try CompactLotForecasts(from: decoder).answer
        }

        public func encode(to encoder: any Encoder) throws {
            try CompactLotForecasts(answer).encode(to: encoder)
        }
    }

    /// The general widget's values.
    public struct GeneralPart: Codable, Sendable, Equatable {
        public var crowd: OpenEnum<CrowdLevel>?
        public var crowdTrend: OpenEnum<CrowdTrend>?
        public var temperatureC: Double?
        public var precipitation: OpenEnum<Precipitation>?
        public var air: OpenEnum<AirQuality>?
        public var events: [PublicText]
        public var closures: Int
        public var verdict: Verdict
    }
}
