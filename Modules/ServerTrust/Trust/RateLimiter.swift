import Foundation
import Models
import Synchronization

/// A token bucket per key (a client address, an install id).
public final class RateLimiter: Sendable {
    private let capacity: Double
    private let refillPerSecond: Double
    private let buckets = Mutex<[String: (tokens: Double, at: Date)]>([:])

    public init(capacity: Int, refillPerSecond: Double) {
        self.capacity = Double(capacity)
        self.refillPerSecond = refillPerSecond
    }

    /// Takes a token for `client`; false when the client must wait.
    public func allow(_ client: String, now: Date) -> Bool {
        buckets.withLock { buckets in
            if buckets.count > 10_000 { buckets = [:] }
            var bucket = buckets[client] ?? (capacity, now)
            bucket.tokens = min(capacity, bucket.tokens + now.timeIntervalSince(bucket.at) * refillPerSecond)
            bucket.at = now
            let allowed = bucket.tokens >= 1
            if allowed { bucket.tokens -= 1 }
            buckets[client] = bucket
            return allowed
        }
    }
}
