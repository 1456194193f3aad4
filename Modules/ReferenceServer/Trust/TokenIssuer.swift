import Foundation
import Models
import Networking

/// Issues access tokens and signing keys at bootstrap, and looks them up. Held in memory: a restarted server
/// invalidates old tokens and clients bootstrap again.
public final class TokenIssuer: Sendable {
    public struct Grant: Sendable {
        public var token: String
        public var keyId: String
        public var secret: Data
        public var expiresAt: Date
    }

    private let lifetime: TimeInterval
    private let grants = LockedBox<[String: Grant]>([:])
    private let keys = LockedBox<[String: Grant]>([:])
    private let issued = LockedBox(0)

    /// How many grants were issued since start.
    public var grantsIssued: Int { issued.value }

    public init(lifetime: TimeInterval) {
        self.lifetime = lifetime
    }

    /// A new token and key.
    public func issue(now: Date) -> Grant {
        let grant = Grant(
            token: "hjt_" + randomHex(bytes: 24), keyId: "k-" + randomHex(bytes: 8),
            secret: Data((0..<32).map { _ in UInt8.random(in: 0...255) }), expiresAt: now.addingTimeInterval(lifetime))
        issued.withLock { $0 += 1 }
        grants.withLock { all in
            if all.count > 50_000 { all = all.filter { $0.value.expiresAt > now } }
            all[grant.token] = grant
        }
        keys.withLock { all in
            if all.count > 50_000 { all = all.filter { $0.value.expiresAt > now.addingTimeInterval(-3600) } }
            all[grant.keyId] = grant
        }
        return grant
    }

    /// The grant of a bearer token.
    public func grant(token: String) -> Grant? { grants.value[token] }
}

/// Remembers (keyid, nonce) pairs for the proof window, so a replayed request is refused.
public final class NonceCache: Sendable {
    private let window: TimeInterval
    private let seen = LockedBox<[String: Date]>([:])

    public init(window: TimeInterval) {
        self.window = window
    }

    /// Records a nonce; false when it was seen within the window.
    public func insert(keyId: String, nonce: String, now: Date) -> Bool {
        let key = keyId + "\u{1F}" + nonce
        return seen.withLock { seen in
            if seen.count > 200_000 { seen = seen.filter { $0.value > now } }
            if let until = seen[key], until > now { return false }
            seen[key] = now.addingTimeInterval(2 * window)
            return true
        }
    }
}

/// A token bucket per client address.
public final class RateLimiter: Sendable {
    private let capacity: Double
    private let refillPerSecond: Double
    private let buckets = LockedBox<[String: (tokens: Double, at: Date)]>([:])

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

/// The runtime policy, changeable while running.
public final class PolicyState: Sendable {
    private let unsigned: LockedBox<Bool>
    public let maxSkewSeconds: Int

    public init(unsignedReadsAllowed: Bool, maxSkewSeconds: Int = 300) {
        unsigned = LockedBox(unsignedReadsAllowed)
        self.maxSkewSeconds = maxSkewSeconds
    }

    public var unsignedReadsAllowed: Bool {
        get { unsigned.value }
        set { unsigned.value = newValue }
    }

    public var clientPolicy: ClientPolicy {
        ClientPolicy(
            unsignedReads: .known(unsignedReadsAllowed ? .allow : .deny), proofMaxSkewSeconds: maxSkewSeconds,
            refreshIntervalSeconds: 300, minClientVersion: "0.1.0")
    }
}
