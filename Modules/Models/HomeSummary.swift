import FoundationEssentials

/// The first screen of a park in one response: the value the app, the widget and the cache all start from.
public struct HomeSummary: Hashable, Sendable, Codable {
    public var park: Park
    public var parking: ParkingAggregate
    public var forecast: ForecastOverview
    public var outing: OutingSummary
    /// When the server built this summary.
    public var generatedAt: Date
    public var freshness: Freshness

    public init(
        park: Park, parking: ParkingAggregate, forecast: ForecastOverview, outing: OutingSummary,
        generatedAt: Date, freshness: Freshness
    ) {
        self.park = park
        self.parking = parking
        self.forecast = forecast
        self.outing = outing
        self.generatedAt = generatedAt
        self.freshness = freshness
    }
}
