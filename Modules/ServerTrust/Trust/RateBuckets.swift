import Foundation
import Synchronization

/// One kind of limit: per key, a bucket of `capacity` tokens refilled at `refillPerSecond`.
public struct RateLimit: Sendable, Hashable {
    /// Names the bucket family, so that one key (an address) has a bucket per limit.
    public var name: String
    public var capacity: Int
    public var refillPerSecond: Double

    public init(name: String, capacity: Int, refillPerSecond: Double) {
        self.name = name
        self.capacity = capacity
        self.refillPerSecond = refillPerSecond
    }

    /// How long a bucket left alone takes to fill up again: after that, forgetting it changes nothing.
    public var refillSeconds: TimeInterval { Double(capacity) / max(refillPerSecond, 1e-9) }
}

/// Where the buckets live, injected: in this process, or in a store the instances share, so that a client who
/// reaches two instances has one bucket and not two.
public struct RateBuckets: Sendable {
    /// Takes a token from `key`'s bucket of `limit`; false when the client must wait. Throws when a shared store
    /// cannot be reached.
    public var take: @Sendable (_ limit: RateLimit, _ key: String, _ now: Date) async throws -> Bool

    public init(take: @escaping @Sendable (_ limit: RateLimit, _ key: String, _ now: Date) async throws -> Bool) {
        self.take = take
    }

    /// Buckets in this process's memory (one instance, or the fallback while a shared store is down).
    public static func local() -> RateBuckets {
        let limiters = LocalLimiters()
        return RateBuckets { limit, key, now in limiters.limiter(for: limit).allow(key, now: now) }
    }
}

/// This process's limiters, one per limit, made on first use.
final class LocalLimiters: Sendable {
    private let limiters = Mutex<[RateLimit: RateLimiter]>([:])

    func limiter(for limit: RateLimit) -> RateLimiter {
        limiters.withLock { limiters in
            if let limiter = limiters[limit] { return limiter }
            let limiter = RateLimiter(capacity: limit.capacity, refillPerSecond: limit.refillPerSecond)
            limiters[limit] = limiter
            return limiter
        }
    }
}
