import Foundation
import Models

/// What clients leave with a deployment: the nonces of request proofs, the answers to writes by idempotency key,
/// push subscriptions and telemetry counts. Kept where every instance sees them, so a proof replayed to another
/// instance is refused there too and a write retried on another instance is recognised.
public protocol ClientRecordStore: Sendable {
    /// Spends a proof's nonce, remembered until `until`; false when it was spent before and is still remembered
    /// (a replay).
    func spendNonce(_ nonce: SpentNonce, now: Date, until: Date) async throws -> Bool
    /// Applies a write once per idempotency key: the first call stores its answer and applies its effect; a later
    /// call with the same key applies nothing and gets the first answer back.
    func applyOnce(_ write: ClientWrite, now: Date) async throws -> Data
    /// The push subscriptions, one per install and lot (the newest), ordered by install then lot.
    func subscriptions() async throws -> [StoredSubscription]
    /// Telemetry events counted per Seoul day and kind, ordered by day then kind.
    func telemetryCounts() async throws -> [TelemetryCount]
}

/// A proof's nonce, scoped by the key that signed it.
public struct SpentNonce: Hashable, Sendable {
    public var keyId: String
    public var nonce: String

    public init(keyId: String, nonce: String) {
        self.keyId = keyId
        self.nonce = nonce
    }

    /// One string for a store's key column.
    public var storageKey: String { keyId + "\u{1F}" + nonce }
}

/// A write as the store applies it.
public struct ClientWrite: Sendable {
    /// The client's `Idempotency-Key`, scoped by the path it was sent to.
    public var idempotencyKey: String
    /// The encoded answer given to the first request (and to every retry).
    public var answer: Data
    public var effect: Effect

    /// What the write changes.
    public enum Effect: Sendable, Equatable {
        /// Adds events to the counts of the Seoul day `day` (`YYYY-MM-DD`), by kind.
        case telemetry(day: String, counts: [String: Int])
        /// Stores a subscription under `id`, replacing the install's earlier one for the same lot.
        case subscription(id: String, PushSubscription)
    }

    public init(idempotencyKey: String, answer: Data, effect: Effect) {
        self.idempotencyKey = idempotencyKey
        self.answer = answer
        self.effect = effect
    }
}

/// A push subscription as stored.
public struct StoredSubscription: Hashable, Sendable {
    public var id: String
    public var subscription: PushSubscription

    public init(id: String, subscription: PushSubscription) {
        self.id = id
        self.subscription = subscription
    }
}

/// How many telemetry events of one kind arrived on one Seoul day.
public struct TelemetryCount: Hashable, Sendable {
    public var day: String
    public var kind: String
    public var count: Int

    public init(day: String, kind: String, count: Int) {
        self.day = day
        self.kind = kind
        self.count = count
    }
}

/// How long an idempotency key is remembered: a client retries within minutes, never a day later.
public enum ClientRecordRetention {
    public static let writeAnswers: TimeInterval = 24 * 3600
}
