import Foundation
import Models

/// Where Web Push alerts are kept between the watcher that decides them and the dispatcher that sends them: each
/// subscription's armed state, and an outbox of deliveries, one row per (subscription, crossing). Every instance
/// of a deployment sees the same store, so any of them can send, and a crossing is queued once however many
/// instances watch. The client record stores implement it beside the subscriptions they keep.
public protocol PushStore: Sendable {
    /// The subscriptions with a Web Push target, with whether each is armed (not told since it last recovered).
    func watched() async throws -> [WatchedSubscription]
    /// Applies a watcher's decisions: re-arms, and queues each crossing while disarming its subscription, only if
    /// the subscription is still armed (so a crossing is queued once). Returns how many crossings were queued.
    func apply(_ changes: AlertChanges, now: Date) async throws -> Int
    /// Claims up to `limit` deliveries that are due, for `holdFor` seconds (another instance skips them meanwhile;
    /// after that, a claim that was never finished is due again). Deliveries past their expiry are dropped and
    /// counted as expired.
    func claim(limit: Int, now: Date, holdFor: TimeInterval) async throws -> [PushDelivery]
    /// Records what became of claimed deliveries, in one transaction.
    func finish(_ finished: [FinishedDelivery], now: Date) async throws
    /// Stops a subscription and drops its pending deliveries; false when there was none with that id.
    func removeSubscription(id: String) async throws -> Bool
    /// How many subscriptions an install has, and how many there are in all, besides the install's on `target` (a
    /// write for the same target replaces that one, so it never counts against the limits).
    func subscriptionCounts(install: String, besides target: String) async throws -> (install: Int, total: Int)
    /// Counts for operators, without endpoints or keys.
    func status(now: Date) async throws -> PushStatus
    /// The deployment's VAPID private key: the kept one, or `new` stored now when there is none (the first
    /// instance to store wins; every instance gets the same key back).
    func vapidKey(orStore new: Data) async throws -> Data
}

extension PushStore {
    /// Records what became of one claimed delivery.
    public func finish(_ delivery: PushDelivery, _ outcome: DeliveryOutcome, now: Date) async throws {
        try await finish([FinishedDelivery(delivery: delivery, outcome: outcome)], now: now)
    }
}

/// A delivery and what became of it.
public struct FinishedDelivery: Sendable, Equatable {
    public var delivery: PushDelivery
    public var outcome: DeliveryOutcome

    public init(delivery: PushDelivery, outcome: DeliveryOutcome) {
        self.delivery = delivery
        self.outcome = outcome
    }
}

/// A subscription the watcher looks at.
public struct WatchedSubscription: Sendable, Equatable {
    public var id: String
    public var subscription: PushSubscription
    public var armed: Bool

    public init(id: String, subscription: PushSubscription, armed: Bool) {
        self.id = id
        self.subscription = subscription
        self.armed = armed
    }
}

/// One alert to queue: a subscription's value crossed its condition.
public struct AlertCrossing: Sendable, Equatable {
    public var subscriptionId: String
    /// Where it goes (kept with the delivery, so sending reads no subscription).
    public var target: WebPushTarget
    /// The notification's JSON, in the subscriber's language.
    public var payload: Data
    /// Replaces an undelivered notification of the same topic at the push service (one per target).
    public var topic: String
    public var createdAt: Date
    /// After this the alert is news no longer and is not sent.
    public var expiresAt: Date

    public init(
        subscriptionId: String, target: WebPushTarget, payload: Data, topic: String, createdAt: Date, expiresAt: Date
    ) {
        self.subscriptionId = subscriptionId
        self.target = target
        self.payload = payload
        self.topic = topic
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}

/// What one watcher pass decided.
public struct AlertChanges: Sendable, Equatable {
    public var rearmed: [String]
    public var crossings: [AlertCrossing]

    public init(rearmed: [String] = [], crossings: [AlertCrossing] = []) {
        self.rearmed = rearmed
        self.crossings = crossings
    }
}

/// A queued alert as the dispatcher sends it.
public struct PushDelivery: Sendable, Equatable {
    public var id: Int64
    public var subscriptionId: String
    public var target: WebPushTarget
    public var payload: Data
    public var topic: String
    public var createdAt: Date
    public var expiresAt: Date
    /// Earlier attempts that were answered "try again".
    public var attempts: Int

    public init(
        id: Int64, subscriptionId: String, target: WebPushTarget, payload: Data, topic: String, createdAt: Date,
        expiresAt: Date, attempts: Int
    ) {
        self.id = id
        self.subscriptionId = subscriptionId
        self.target = target
        self.payload = payload
        self.topic = topic
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.attempts = attempts
    }
}

/// What became of one delivery.
public enum DeliveryOutcome: Sendable, Equatable {
    /// The push service accepted it (201).
    case sent
    /// The subscription is gone (404, 410): it is deleted.
    case gone
    /// Try again at `at` (429, 5xx, no answer).
    case retry(at: Date, reason: String)
    /// Given up: the reason is counted (`too_large`, `refused`, `expired`, `endpoint_not_allowed`, ...).
    case failed(reason: String)
}

/// The operators' view (`hangangjari-server push status`): counts only, never an endpoint or a key.
public struct PushStatus: Sendable, Equatable, Codable {
    /// Every alert subscription kept, with or without a push target.
    public var subscriptions: Int
    /// Those that have a Web Push target.
    public var pushSubscriptions: Int
    /// Push subscriptions armed for their next crossing.
    public var armed: Int
    /// Deliveries queued and not finished.
    public var pending: Int
    public var sent: Int
    public var gone: Int
    public var retried: Int
    /// Deliveries given up, by reason.
    public var failed: [String: Int]
    public var lastSentAt: Date?

    public init(
        subscriptions: Int = 0, pushSubscriptions: Int = 0, armed: Int = 0, pending: Int = 0, sent: Int = 0,
        gone: Int = 0, retried: Int = 0, failed: [String: Int] = [:], lastSentAt: Date? = nil
    ) {
        self.subscriptions = subscriptions
        self.pushSubscriptions = pushSubscriptions
        self.armed = armed
        self.pending = pending
        self.sent = sent
        self.gone = gone
        self.retried = retried
        self.failed = failed
        self.lastSentAt = lastSentAt
    }
}

/// The counters a push store keeps, by name.
public enum PushCounter {
    public static let sent = "sent"
    public static let gone = "gone"
    public static let retried = "retried"
    /// Failures are counted as `failed:<reason>`.
    public static let failedPrefix = "failed:"

    /// The counter an outcome adds to.
    public static func name(_ outcome: DeliveryOutcome) -> String {
        switch outcome {
        case .sent: sent
        case .gone: gone
        case .retry: retried
        case .failed(let reason): failedPrefix + reason
        }
    }

    /// Reads counters into a status.
    public static func fill(_ status: inout PushStatus, from counts: [String: Int]) {
        status.sent = counts[sent] ?? 0
        status.gone = counts[gone] ?? 0
        status.retried = counts[retried] ?? 0
        status.failed = Dictionary(
            uniqueKeysWithValues: counts.filter { $0.key.hasPrefix(failedPrefix) }.map {
                (String($0.key.dropFirst(failedPrefix.count)), $0.value)
            })
    }
}
