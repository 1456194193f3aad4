import Models

/// The name a response is kept under: one per endpoint and park, spelled here only.
public struct CacheKey: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    init(_ rawValue: String) { self.rawValue = rawValue }

    /// `GET /v2/parks`.
    public static let parks = CacheKey("parks")
    /// `GET /v2/forecasts`, every lot's forecast.
    public static let lotForecasts = CacheKey("forecasts")
    /// `GET /v2/parks/{park}/home-summary`, which every screen of the park paints from.
    public static func homeSummary(_ park: ParkID) -> CacheKey { CacheKey(homeSummaryPrefix + park.rawValue) }
    /// `GET /v2/parks/{park}/outing`.
    public static func outing(_ park: ParkID) -> CacheKey { CacheKey("outing/" + park.rawValue) }
    /// `GET /v2/parks/{park}/forecast`.
    public static func forecast(_ park: ParkID) -> CacheKey { CacheKey("forecast/" + park.rawValue) }

    /// The home summaries' prefix (the migration that moved them into the response table uses it too).
    static let homeSummaryPrefix = "summary/"

    public var description: String { rawValue }
}
