import Cache
import Foundation
import Localization
import Models
import Networking
import Storage

/// The cache-then-network rule for one endpoint's raw response: current cache → it; else a conditional request with
/// the stored ETag → store → it; on failure the cached value marked stale, or the reason there is nothing.
struct CachedEndpoint<Value: Decodable & Sendable>: Sendable {
    var cache: CacheDatabase?
    var key: String
    var freshFor: TimeInterval
    var now: @Sendable () -> Date
    /// Decodes (and guards) a stored body.
    var decode: @Sendable (Data) throws -> Value

    func load(forceRefresh: Bool, fetch: (CachedBody?) async throws(APIError) -> Fetched<Value>)
        async throws(RepositoryUnavailable) -> Loaded<Value>
    {
        var cached: (value: Value, response: CacheDatabase.CachedResponse)?
        if let response = try? cache?.response(key: key) {
            if let value = try? decode(response.body) {
                cached = (value, response)
            } else {
                try? cache?.removeResponse(key: key)
            }
        }
        if let cached, !forceRefresh,
            Freshness.isCurrent(observedAt: cached.response.fetchedAt, now: now(), window: freshFor)
        {
            return Loaded(value: cached.value, origin: .cache, trust: .current, fetchedAt: cached.response.fetchedAt)
        }
        do {
            let conditional = cached.flatMap { c in c.response.etag.map { CachedBody(etag: $0, body: c.response.body) }
            }
            let fetched = try await fetch(conditional)
            let at = now()
            try? cache?.storeResponse(key: key, body: fetched.body, etag: fetched.etag, fetchedAt: at)
            return Loaded(
                value: fetched.value, origin: fetched.notModified ? .notModified : .network, trust: .current,
                fetchedAt: at)
        } catch {
            if let cached {
                return Loaded(
                    value: cached.value, origin: .cache, trust: .stale(reason: Reason(error)),
                    fetchedAt: cached.response.fetchedAt)
            }
            throw RepositoryUnavailable(reason: Reason(error))
        }
    }
}
