import Cache
import Foundation
import Localization
import Models
import Networking

/// The API's reads the screens need, each through the one cache-then-network rule (`ReadThroughCache`).
///
/// The client is asked for only when the cache is not the answer, so a caller whose client means starting a backend
/// (the app's embedded server) starts nothing while the cached value is current.
public struct CachedAPIClient: Sendable {
    public var cache: ReadThroughCache
    /// How long each kind of cached data counts as current.
    public var policy: CachePolicy
    /// The client, obtained when a request is needed.
    public var client: @Sendable () async throws -> APIClient

    public init(
        cache: CacheDatabase?, policy: CachePolicy = CachePolicy(), now: @escaping @Sendable () -> Date = { Date() },
        client: @escaping @Sendable () async throws -> APIClient
    ) {
        self.cache = ReadThroughCache(cache: cache, now: now)
        self.policy = policy
        self.client = client
    }

    /// Over a client that already exists.
    public init(
        cache: CacheDatabase?, client: APIClient, policy: CachePolicy = CachePolicy(),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.init(cache: cache, policy: policy, now: now) { client }
    }

    /// The home summary of a park.
    public func homeSummary(_ park: ParkID, forceRefresh: Bool = false) async throws(RepositoryUnavailable) -> Loaded<
        HomeSummary
    > {
        let client = self.client
        return try await cache.load(.homeSummary(park, policy: policy), forceRefresh: forceRefresh) {
            try await client().homeSummary(park, cached: $0)
        }
    }

    /// The parks list with live totals.
    public func parks(forceRefresh: Bool = false) async throws(RepositoryUnavailable) -> Loaded<ParksResponse> {
        let client = self.client
        return try await cache.load(.parks(policy: policy), forceRefresh: forceRefresh) {
            try await client().parks(cached: $0)
        }
    }

    /// A park's outing summary (crowd, weather, events, notices, facilities, directions).
    public func outing(_ park: ParkID, forceRefresh: Bool = false) async throws(RepositoryUnavailable) -> Loaded<
        OutingResponse
    > {
        let client = self.client
        return try await cache.load(.outing(park, policy: policy), forceRefresh: forceRefresh) {
            try await client().outing(park, cached: $0)
        }
    }

    /// Every forecast of a park: the park total, each lot's timeline, the crowd forecast.
    public func forecast(_ park: ParkID, forceRefresh: Bool = false) async throws(RepositoryUnavailable) -> Loaded<
        ForecastResponse
    > {
        let client = self.client
        return try await cache.load(.forecast(park, policy: policy), forceRefresh: forceRefresh) {
            try await client().forecast(park, cached: $0)
        }
    }

    /// One lot's timeline from the park's forecast.
    public func timeline(_ lot: LotID, in park: ParkID) async throws(RepositoryUnavailable) -> Loaded<ParkingForecast> {
        let loaded = try await forecast(park)
        guard let timeline = loaded.value.forecast.lots.first(where: { $0.lotId == lot }) else {
            throw RepositoryUnavailable(reason: Reason(.reasonNoForecastForLot, lot.rawValue, park.rawValue))
        }
        return Loaded(value: timeline, origin: loaded.origin, trust: loaded.trust, fetchedAt: loaded.fetchedAt)
    }

    /// A park's cached home summary as the cache alone answers it (the first paint); nil when none is kept.
    public func cachedHomeSummary(_ park: ParkID) -> Loaded<HomeSummary>? {
        cache.cached(.homeSummary(park, policy: policy))
    }

    /// The cached parks list as the cache alone answers it; nil when none is kept.
    public func cachedParks() -> Loaded<ParksResponse>? { cache.cached(.parks(policy: policy)) }
}
