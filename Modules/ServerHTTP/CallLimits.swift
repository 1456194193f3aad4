import Foundation
import Logging
import ServerTrust

/// Rate limits of one kind of call (bootstrap, subscription writes) per client address and per install: counted
/// in the buckets the instances share, and in this instance's own while those cannot be reached (limits then hold
/// per instance, as they would with one instance, rather than refusing everyone).
public struct CallLimits: Sendable {
    /// Calls per client address, and per install.
    let perAddress: RateLimit
    let perInstall: RateLimit
    let shared: RateBuckets
    let local = RateBuckets.local()
    /// The fallback is logged at most once a minute: with the database down, every bootstrap falls back at once.
    let fallbackWarnings = SweepSchedule()
    let logger: Logger

    /// Limits named `kind` (`bootstrap`, `subscribe`) in the shared buckets.
    public init(kind: String, burst: Int, refillPerSecond: Double, shared: RateBuckets, logger: Logger) {
        perAddress = RateLimit(name: kind + "-address", capacity: burst, refillPerSecond: refillPerSecond)
        perInstall = RateLimit(name: kind + "-install", capacity: burst, refillPerSecond: refillPerSecond)
        self.shared = shared
        self.logger = logger
    }

    /// Takes a token from `key`'s bucket of `limit`.
    func allow(_ limit: RateLimit, _ key: String, now: Date) async -> Bool {
        do {
            return try await shared.take(limit, key, now)
        } catch {
            if fallbackWarnings.due(now: now) {
                logger.warning("rate limit counted on this instance only", metadata: ["error": "\(error)"])
            }
            return (try? await local.take(limit, key, now)) ?? true
        }
    }
}
