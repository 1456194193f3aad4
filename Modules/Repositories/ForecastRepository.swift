import Cache
import Foundation
import Localization
import Models
import Networking
import Storage

/// Forecast overviews and timelines through the cache (the same rule as the parking repository).
public struct ForecastRepository: Sendable {
    public var cache: CacheDatabase?
    public var client: APIClient
    public var policy: CachePolicy
    public var now: @Sendable () -> Date

    public init(
        cache: CacheDatabase?, client: APIClient, policy: CachePolicy = CachePolicy(),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.cache = cache
        self.client = client
        self.policy = policy
        self.now = now
    }

    /// Every forecast of a park: the park total, each lot's timeline, the crowd forecast.
    public func forecast(_ park: ParkID, forceRefresh: Bool = false) async throws(RepositoryUnavailable) -> Loaded<
        ForecastResponse
    > {
        let client = self.client
        return try await CachedEndpoint(
            cache: cache, key: "forecast/\(park.rawValue)", freshFor: policy.forecast, now: now,
            decode: { try ParkGuard.decode(ForecastResponse.self, from: $0, requested: park) }
        ).load(forceRefresh: forceRefresh) { cached throws(APIError) in try await client.forecast(park, cached: cached)
        }
    }

    /// One lot's timeline from the park's forecast.
    public func timeline(_ lot: LotID, in park: ParkID) async throws(RepositoryUnavailable) -> Loaded<ParkingForecast> {
        let loaded = try await forecast(park)
        guard let timeline = loaded.value.forecast.lots.first(where: { $0.lotId == lot }) else {
            throw RepositoryUnavailable(reason: Reason(.reasonNoForecastForLot, lot.rawValue, park.rawValue))
        }
        return Loaded<ParkingForecast>(
            value: timeline, origin: loaded.origin, trust: loaded.trust, fetchedAt: loaded.fetchedAt)
    }
}
