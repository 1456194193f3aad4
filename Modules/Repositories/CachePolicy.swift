import Foundation

/// How long each kind of cached data counts as current.
public struct CachePolicy: Sendable, Equatable {
    /// Live parking and the first screen.
    public var homeSummary: TimeInterval = 60
    /// The parks list with live totals.
    public var parks: TimeInterval = 120
    /// Crowd, weather, events and facilities move more slowly.
    public var outing: TimeInterval = 300
    /// Forecasts are recomputed every few minutes.
    public var forecast: TimeInterval = 300

    public init() {}

    /// Every kind always revalidated (for callers that want the newest value, e.g. an explicit refresh).
    public static let alwaysRevalidate: CachePolicy = {
        var policy = CachePolicy()
        policy.homeSummary = 0
        policy.parks = 0
        policy.outing = 0
        policy.forecast = 0
        return policy
    }()
}
