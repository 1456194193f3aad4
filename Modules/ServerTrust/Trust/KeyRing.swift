import Foundation
import Synchronization

/// Where an instance's root keys come from, injected: fixed (`TOKEN_KEYS`, or a random key for one process) or
/// loaded from a store the instances share, where they are rotated.
public struct TokenKeySource: Sendable {
    /// The keys in force now, the signing key first.
    public var load: @Sendable () async throws -> TokenKeys

    public init(load: @escaping @Sendable () async throws -> TokenKeys) {
        self.load = load
    }

    /// The same keys for the life of the process.
    public static func fixed(_ keys: TokenKeys) -> TokenKeySource {
        TokenKeySource { keys }
    }
}

/// The root keys an instance holds: loaded at first use, reloaded every ``refreshInterval`` and whenever a token
/// names a key this instance does not know yet (at most once a second, failed attempts included), so a key rotated
/// in on one instance is accepted by the others within a second and used for signing within one interval. While the
/// store cannot be reached, the keys already held stay in force: a token naming another key is then refused as
/// unknown (401), as it would be if the store answered, and the store is asked again at most once a second.
public final class KeyRing: Sendable {
    /// How often the keys are reloaded from a shared store.
    public static let refreshInterval: TimeInterval = 30

    /// How long keys replaced by a rotation keep verifying: a token lives `tokenLifetime`, and an instance may sign
    /// with the old key until its next reload.
    public static func overlap(tokenLifetime: TimeInterval) -> TimeInterval {
        tokenLifetime + 2 * refreshInterval
    }

    private let source: TokenKeySource
    private let now: @Sendable () -> Date
    private let state = Mutex<(keys: TokenKeys?, askedAt: Date?)>((nil, nil))

    /// A ring loading from `source`; `now` is the clock its once-a-second rule reads.
    public init(_ source: TokenKeySource, now: @escaping @Sendable () -> Date = Date.init) {
        self.source = source
        self.now = now
    }

    /// The keys, loaded first if none are held yet.
    public func keys() async throws -> TokenKeys {
        if let keys = state.withLock({ $0.keys }) { return keys }
        return try await reload(now: now())
    }

    /// The keys, reloaded first when none of them is `id` and the store was last asked a second ago or more (by
    /// the ring's clock).
    public func keys(knowing id: Substring) async throws -> TokenKeys {
        try await keys(knowing: id, now: now())
    }

    /// The keys, reloaded first when none of them is `id` and the store was last asked a second ago or more. Throws
    /// only when no keys are held and the store cannot be reached.
    public func keys(knowing id: Substring, now: Date) async throws -> TokenKeys {
        let (held, askedAt) = state.withLock { $0 }
        guard let held else { return try await reload(now: now) }
        if held.key(id: id) != nil { return held }
        if let askedAt, now.timeIntervalSince(askedAt) < 1 { return held }
        return (try? await reload(now: now)) ?? held
    }

    /// Loads the keys now and keeps them; a failed load keeps the keys held and counts as an attempt.
    @discardableResult
    public func reload() async throws -> TokenKeys {
        try await reload(now: now())
    }

    /// Loads the keys now, counting the attempt at `now`, and keeps them; a failed load keeps the keys held.
    @discardableResult
    public func reload(now: Date) async throws -> TokenKeys {
        state.withLock { $0.askedAt = now }
        let keys = try await source.load()
        state.withLock { $0.keys = keys }
        return keys
    }
}
