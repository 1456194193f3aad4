import Cache
import Foundation
import Models

/// One cached read: the key its response is kept under, how long it counts as current, and how its stored bytes
/// are decoded (and guarded against another park's payload).
public struct CachedRead<Value: Sendable>: Sendable {
    public var key: CacheKey
    public var window: TimeInterval
    public var decode: @Sendable (Data) throws -> Value

    public init(key: CacheKey, window: TimeInterval, decode: @escaping @Sendable (Data) throws -> Value) {
        self.key = key
        self.window = window
        self.decode = decode
    }
}

extension CachedRead where Value == HomeSummary {
    /// A park's home summary, which every screen of the park paints from.
    public static func homeSummary(_ park: ParkID, policy: CachePolicy) -> Self {
        Self(key: .homeSummary(park), window: policy.homeSummary) {
            try ParkGuard.decode(HomeSummary.self, from: $0, requested: park)
        }
    }
}

extension CachedRead where Value == ParksResponse {
    /// The parks list with live totals.
    public static func parks(policy: CachePolicy) -> Self {
        Self(key: .parks, window: policy.parks) { try ContractCoding.decode(ParksResponse.self, from: $0) }
    }
}

extension CachedRead where Value == LotForecastsResponse {
    /// Every lot's live count and forecast; it counts as current as long as the live counts do.
    public static func lotForecasts(policy: CachePolicy) -> Self {
        Self(key: .lotForecasts, window: policy.homeSummary) {
            try ContractCoding.decode(LotForecastsResponse.self, from: $0)
        }
    }
}

extension CachedRead where Value == OutingResponse {
    /// A park's outing summary.
    public static func outing(_ park: ParkID, policy: CachePolicy) -> Self {
        Self(key: .outing(park), window: policy.outing) {
            try ParkGuard.decode(OutingResponse.self, from: $0, requested: park)
        }
    }
}

extension CachedRead where Value == ForecastResponse {
    /// Every forecast of a park.
    public static func forecast(_ park: ParkID, policy: CachePolicy) -> Self {
        Self(key: .forecast(park), window: policy.forecast) {
            try ParkGuard.decode(ForecastResponse.self, from: $0, requested: park)
        }
    }
}
