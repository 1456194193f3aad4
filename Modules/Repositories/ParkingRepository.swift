import Cache
import Foundation
import Localization
import Models
import Networking
import Storage

/// Home summaries through the cache: a fresh cache is returned as is; a stale or missing one is refreshed with a
/// conditional request carrying the stored ETag, stored, and returned; when that fails the cached value comes back
/// marked stale, or the reason there is nothing. Never an error screen when a last value exists.
public struct ParkingRepository: Sendable {
    /// nil when the cache could not be opened: the repository still works, without memory.
    public var cache: CacheDatabase?
    public var client: APIClient
    public var now: @Sendable () -> Date
    /// How long each kind of cached data counts as current.
    public var policy: CachePolicy
    /// How long a cached summary counts as current.
    public var freshFor: TimeInterval { policy.homeSummary }

    public init(
        cache: CacheDatabase?, client: APIClient, policy: CachePolicy = CachePolicy(),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.cache = cache
        self.client = client
        self.policy = policy
        self.now = now
    }

    /// The cache key of the parks list.
    static let parksKey = "parks"

    /// The parks list with live totals.
    public func parks(forceRefresh: Bool = false) async throws(RepositoryUnavailable) -> Loaded<ParksResponse> {
        let client = self.client
        return try await CachedEndpoint(
            cache: cache, key: Self.parksKey, freshFor: policy.parks, now: now,
            decode: { try ContractCoding.decode(ParksResponse.self, from: $0) }
        ).load(forceRefresh: forceRefresh) { cached throws(APIError) in try await client.parks(cached: cached) }
    }

    /// A park's outing summary (crowd, weather, events, notices, facilities, directions).
    public func outing(_ park: ParkID, forceRefresh: Bool = false) async throws(RepositoryUnavailable) -> Loaded<
        OutingResponse
    > {
        let client = self.client
        return try await CachedEndpoint(
            cache: cache, key: "outing/\(park.rawValue)", freshFor: policy.outing, now: now,
            decode: { try ParkGuard.decode(OutingResponse.self, from: $0, requested: park) }
        ).load(forceRefresh: forceRefresh) { cached throws(APIError) in try await client.outing(park, cached: cached) }
    }

    /// The home summary of a park.
    public func homeSummary(_ park: ParkID, forceRefresh: Bool = false) async throws(RepositoryUnavailable) -> Loaded<
        HomeSummary
    > {
        let cached = try? cache?.homeSummary(park)
        if let cached, !forceRefresh, Freshness.isCurrent(observedAt: cached.fetchedAt, now: now(), window: freshFor) {
            return Loaded(value: cached.summary, origin: .cache, trust: .current, fetchedAt: cached.fetchedAt)
        }
        do {
            let conditional = cached.flatMap { c in c.etag.map { CachedBody(etag: $0, body: c.body) } }
            let fetched = try await client.homeSummary(park, cached: conditional)
            let at = now()
            // Storing may fail (full disk, read-only directory); the value is still shown.
            try? cache?.store(fetched.value, body: fetched.body, etag: fetched.etag, for: park, fetchedAt: at)
            return Loaded(
                value: fetched.value, origin: fetched.notModified ? .notModified : .network, trust: .current,
                fetchedAt: at)
        } catch {
            if let cached {
                return Loaded(
                    value: cached.summary, origin: .cache, trust: .stale(reason: Reason(error)),
                    fetchedAt: cached.fetchedAt)
            }
            throw RepositoryUnavailable(reason: Reason(error))
        }
    }
}
