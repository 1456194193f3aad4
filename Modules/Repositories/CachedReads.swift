import Cache
import Foundation
import Localization
import Models

/// What the cache answers without a client or a backend: the first paint, and a printed command whose value is
/// still current (so it starts nothing and asks nobody). The repositories apply the same windows.
public struct CachedReads: Sendable {
    /// nil when the cache could not be opened: nothing is answered.
    public var cache: CacheDatabase?
    public var policy: CachePolicy
    public var now: @Sendable () -> Date

    public init(
        cache: CacheDatabase?, policy: CachePolicy = CachePolicy(), now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.cache = cache
        self.policy = policy
        self.now = now
    }

    /// A park's cached summary, current or marked stale since when it was fetched; nil when none is cached.
    public func homeSummary(_ park: ParkID) -> Loaded<HomeSummary>? {
        guard let cached = try? cache?.homeSummary(park) else { return nil }
        return Self.loaded(cached.summary, fetchedAt: cached.fetchedAt, window: policy.homeSummary, now: now())
    }

    /// The cached parks list, current or marked stale; nil when none is cached (or it no longer decodes).
    public func parks() -> Loaded<ParksResponse>? {
        guard let response = try? cache?.response(key: ParkingRepository.parksKey),
            let value = try? ContractCoding.decode(ParksResponse.self, from: response.body)
        else { return nil }
        return Self.loaded(value, fetchedAt: response.fetchedAt, window: policy.parks, now: now())
    }

    static func loaded<Value>(_ value: Value, fetchedAt: Date, window: TimeInterval, now: Date) -> Loaded<Value> {
        let current = Freshness.isCurrent(observedAt: fetchedAt, now: now, window: window)
        let trust: LoadTrust =
            current ? .current : .stale(reason: Reason(.reasonNotRefreshedSince, ISO8601.format(fetchedAt)))
        return Loaded(value: value, origin: .cache, trust: trust, fetchedAt: fetchedAt)
    }
}
