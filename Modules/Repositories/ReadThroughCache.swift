import Cache
import Foundation
import Localization
import Models
import Networking

/// The one cache-then-network rule, for every cached read: a current cached value is the answer (nobody is asked);
/// else a conditional request with the stored ETag, stored and returned; when that fails, the cached value marked
/// stale with the reason, or the reason there is nothing. The stored bytes are read and decoded once per call.
public struct ReadThroughCache: Sendable {
    /// nil when the cache could not be opened: reads still work, without memory.
    public var cache: CacheDatabase?
    public var now: @Sendable () -> Date

    public init(cache: CacheDatabase?, now: @escaping @Sendable () -> Date = { Date() }) {
        self.cache = cache
        self.now = now
    }

    /// What the cache alone answers (the first paint, a printed command): current, or marked stale since when it was
    /// fetched; nil when nothing usable is kept.
    public func cached<Value>(_ read: CachedRead<Value>) -> Loaded<Value>? {
        stored(read).map { loaded($0.value, fetchedAt: $0.response.fetchedAt, window: read.window) }
    }

    /// The cached value when it is current and no refresh is forced, else `fetch` (given the stored body for a
    /// conditional request). `fetch` may start a backend: it runs only when the cache is not the answer.
    public func load<Value>(
        _ read: CachedRead<Value>, forceRefresh: Bool, fetch: (CachedBody?) async throws -> Fetched<Value>
    ) async throws(RepositoryUnavailable) -> Loaded<Value> {
        let cached = stored(read)
        if let cached, !forceRefresh {
            let kept = loaded(cached.value, fetchedAt: cached.response.fetchedAt, window: read.window)
            if kept.trust == .current { return kept }
        }
        do {
            let conditional = cached.flatMap { c in c.response.etag.map { CachedBody(etag: $0, body: c.response.body) }
            }
            let fetched = try await fetch(conditional)
            let at = now()
            // Storing may fail (full disk, read-only directory); the value is still shown.
            try? cache?.storeResponse(key: read.key, body: fetched.body, etag: fetched.etag, fetchedAt: at)
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

    /// The stored response and its decoded value; a body that no longer decodes (or is for another park) is dropped.
    private func stored<Value>(_ read: CachedRead<Value>) -> (value: Value, response: CacheDatabase.CachedResponse)? {
        guard let response = try? cache?.response(key: read.key) else { return nil }
        guard let value = try? read.decode(response.body) else {
            try? cache?.removeResponse(key: read.key)
            return nil
        }
        return (value, response)
    }

    private func loaded<Value>(_ value: Value, fetchedAt: Date, window: TimeInterval) -> Loaded<Value> {
        let current = Freshness.isCurrent(observedAt: fetchedAt, now: now(), window: window)
        let trust: LoadTrust =
            current ? .current : .stale(reason: Reason(.reasonNotRefreshedSince, ISO8601.format(fetchedAt)))
        return Loaded(value: value, origin: .cache, trust: trust, fetchedAt: fetchedAt)
    }
}
