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
        try await load(.homeSummary(park, policy: policy), forceRefresh) { try await $0.homeSummary(park, cached: $1) }
    }

    /// The parks list with live totals.
    public func parks(forceRefresh: Bool = false) async throws(RepositoryUnavailable) -> Loaded<ParksResponse> {
        try await load(.parks(policy: policy), forceRefresh) { try await $0.parks(cached: $1) }
    }

    /// Every lot's live count and forecast across the parks, for "where to go now".
    public func lotForecasts(forceRefresh: Bool = false) async throws(RepositoryUnavailable) -> Loaded<
        LotForecastsResponse
    > {
        try await load(.lotForecasts(policy: policy), forceRefresh) { try await $0.lotForecasts(cached: $1) }
    }

    /// A park's outing summary (crowd, weather, events, notices, facilities, directions).
    public func outing(_ park: ParkID, forceRefresh: Bool = false) async throws(RepositoryUnavailable) -> Loaded<
        OutingResponse
    > {
        try await load(.outing(park, policy: policy), forceRefresh) { try await $0.outing(park, cached: $1) }
    }

    /// Every forecast of a park: the park total, each lot's timeline, the crowd forecast.
    public func forecast(_ park: ParkID, forceRefresh: Bool = false) async throws(RepositoryUnavailable) -> Loaded<
        ForecastResponse
    > {
        try await load(.forecast(park, policy: policy), forceRefresh) { try await $0.forecast(park, cached: $1) }
    }

    /// One lot's timeline from the park's forecast.
    public func timeline(_ lot: LotID, in park: ParkID) async throws(RepositoryUnavailable) -> Loaded<ParkingForecast> {
        let loaded = try await forecast(park)
        guard let timeline = loaded.value.forecast.lots.first(where: { $0.lotId == lot }) else {
            throw RepositoryUnavailable(reason: Reason(.reasonNoForecastForLot, lot.rawValue, park.rawValue))
        }
        return Loaded(value: timeline, origin: loaded.origin, trust: loaded.trust, fetchedAt: loaded.fetchedAt)
    }

    /// One read through the cache, asking the client only when the cache is not the answer.
    private func load<Value>(
        _ read: CachedRead<Value>, _ forceRefresh: Bool,
        _ call: @escaping @Sendable (APIClient, CachedBody?) async throws -> Fetched<Value>
    ) async throws(RepositoryUnavailable) -> Loaded<Value> {
        let client = self.client
        return try await cache.load(read, forceRefresh: forceRefresh) { try await call(client(), $0) }
    }

    /// A park's cached home summary as the cache alone answers it (the first paint); nil when none is kept.
    public func cachedHomeSummary(_ park: ParkID) -> Loaded<HomeSummary>? {
        cache.cached(.homeSummary(park, policy: policy))
    }

    /// The cached parks list as the cache alone answers it; nil when none is kept.
    public func cachedParks() -> Loaded<ParksResponse>? { cache.cached(.parks(policy: policy)) }
}
