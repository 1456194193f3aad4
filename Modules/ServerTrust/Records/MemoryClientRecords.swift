import Foundation
import Models
import Synchronization

/// Client records in this process's memory: the default of one instance on its own. Lost at restart; bounded.
public final class MemoryClientRecords: ClientRecordStore {
    private struct State {
        var answers: [String: (answer: Data, at: Date)] = [:]
        var subscriptions: [String: StoredSubscription] = [:]
        var telemetry: [TelemetryKey: Int] = [:]
        /// Subscription ids that are not armed (told since they last recovered).
        var disarmed: Set<String> = []
        var deliveries: [Int64: (delivery: PushDelivery, dueAt: Date)] = [:]
        var nextDelivery: Int64 = 1
        var counters: [String: Int] = [:]
        var lastSentAt: Date?
        var vapidKey: Data?

        func subscription(id: String) -> PushSubscription? {
            subscriptions.values.first { $0.id == id }?.subscription
        }

        /// Drops what belongs to a subscription that is replaced or removed.
        mutating func forget(_ id: String) {
            disarmed.remove(id)
            deliveries = deliveries.filter { $0.value.delivery.subscriptionId != id }
        }
    }

    private struct TelemetryKey: Hashable {
        var day: String
        var kind: String
    }

    private let nonces: NonceCache
    private let state = Mutex(State())

    /// Records that hold at most `nonceCapacity` unexpired nonces (then a signed request is refused, never let
    /// through unchecked).
    public init(nonceCapacity: Int = 1_000_000) {
        nonces = NonceCache(capacity: nonceCapacity)
    }

    public func spendNonce(_ nonce: SpentNonce, now: Date, until: Date) async throws -> Bool {
        try nonces.insert(nonce, now: now, until: until)
    }

    public func applyOnce(_ write: ClientWrite, now: Date) async throws -> Data {
        state.withLock { state in
            if let previous = state.answers[write.idempotencyKey],
                now.timeIntervalSince(previous.at) < ClientRecordRetention.writeAnswers
            {
                return previous.answer
            }
            if state.answers.count > 10_000 {
                state.answers = state.answers.filter {
                    now.timeIntervalSince($0.value.at) < ClientRecordRetention.writeAnswers
                }
                if state.answers.count > 10_000 { state.answers.removeAll() }
            }
            state.answers[write.idempotencyKey] = (write.answer, now)
            switch write.effect {
            case .telemetry(let day, let counts):
                for (kind, count) in counts { state.telemetry[TelemetryKey(day: day, kind: kind), default: 0] += count }
            case .subscription(let id, let subscription):
                let key = subscription.installHash + "\u{1F}" + subscription.targetID
                if let replaced = state.subscriptions[key] { state.forget(replaced.id) }
                state.subscriptions[key] = StoredSubscription(id: id, subscription: subscription)
            }
            return write.answer
        }
    }

    public func subscriptions() async throws -> [StoredSubscription] {
        state.withLock { $0.subscriptions }.values.sorted {
            ($0.subscription.installHash, $0.subscription.targetID)
                < ($1.subscription.installHash, $1.subscription.targetID)
        }
    }

    public func telemetryCounts() async throws -> [TelemetryCount] {
        state.withLock { $0.telemetry }.map { TelemetryCount(day: $0.key.day, kind: $0.key.kind, count: $0.value) }
            .sorted { ($0.day, $0.kind) < ($1.day, $1.kind) }
    }
}

extension MemoryClientRecords: PushStore {
    public func watched() async throws -> [WatchedSubscription] {
        state.withLock { state in
            state.subscriptions.values.filter { $0.subscription.push != nil }.sorted { $0.id < $1.id }.map {
                WatchedSubscription(id: $0.id, subscription: $0.subscription, armed: !state.disarmed.contains($0.id))
            }
        }
    }

    public func apply(_ changes: AlertChanges, now: Date) async throws -> Int {
        state.withLock { state in
            state.disarmed.subtract(changes.rearmed)
            var queued = 0
            for crossing in changes.crossings {
                guard state.subscription(id: crossing.subscriptionId)?.push != nil,
                    !state.disarmed.contains(crossing.subscriptionId)
                else { continue }
                state.disarmed.insert(crossing.subscriptionId)
                let id = state.nextDelivery
                state.nextDelivery += 1
                state.deliveries[id] = (
                    PushDelivery(
                        id: id, subscriptionId: crossing.subscriptionId, target: crossing.target,
                        payload: crossing.payload,
                        topic: crossing.topic, createdAt: crossing.createdAt, expiresAt: crossing.expiresAt,
                        attempts: 0),
                    now
                )
                queued += 1
            }
            return queued
        }
    }

    public func claim(limit: Int, now: Date, holdFor: TimeInterval) async throws -> [PushDelivery] {
        state.withLock { state in
            for (id, entry) in state.deliveries where entry.delivery.expiresAt <= now {
                state.deliveries[id] = nil
                state.counters[PushCounter.failedPrefix + "expired", default: 0] += 1
            }
            let due = state.deliveries.values.filter { $0.dueAt <= now }.sorted { $0.delivery.id < $1.delivery.id }
                .prefix(limit).map(\.delivery)
            for delivery in due { state.deliveries[delivery.id]?.dueAt = now.addingTimeInterval(holdFor) }
            return due
        }
    }

    public func finish(_ finished: [FinishedDelivery], now: Date) async throws {
        state.withLock { state in
            for (delivery, outcome) in finished.map({ ($0.delivery, $0.outcome) }) {
                state.counters[PushCounter.name(outcome), default: 0] += 1
                switch outcome {
                case .retry(let at, _):
                    guard var entry = state.deliveries[delivery.id] else { continue }
                    entry.delivery.attempts += 1
                    entry.dueAt = at
                    state.deliveries[delivery.id] = entry
                case .gone:
                    state.deliveries[delivery.id] = nil
                    if let key = state.subscriptions.first(where: { $0.value.id == delivery.subscriptionId })?.key {
                        state.subscriptions[key] = nil
                    }
                    state.forget(delivery.subscriptionId)
                case .sent:
                    state.deliveries[delivery.id] = nil
                    state.lastSentAt = now
                case .failed:
                    state.deliveries[delivery.id] = nil
                }
            }
        }
    }

    public func removeSubscription(id: String) async throws -> Bool {
        state.withLock { state in
            guard let key = state.subscriptions.first(where: { $0.value.id == id })?.key else { return false }
            state.subscriptions[key] = nil
            state.forget(id)
            return true
        }
    }

    public func subscriptionCounts(install: String, besides target: String) async throws -> (install: Int, total: Int) {
        state.withLock { state in
            let others = state.subscriptions.values.filter {
                !($0.subscription.installHash == install && $0.subscription.targetID == target)
            }
            return (others.filter { $0.subscription.installHash == install }.count, others.count)
        }
    }

    public func status(now: Date) async throws -> PushStatus {
        state.withLock { state in
            let push = state.subscriptions.values.filter { $0.subscription.push != nil }
            var status = PushStatus(
                subscriptions: state.subscriptions.count, pushSubscriptions: push.count,
                armed: push.filter { !state.disarmed.contains($0.id) }.count, pending: state.deliveries.count,
                lastSentAt: state.lastSentAt)
            PushCounter.fill(&status, from: state.counters)
            return status
        }
    }

    public func vapidKey(orStore new: Data) async throws -> Data {
        state.withLock { state in
            if let kept = state.vapidKey { return kept }
            state.vapidKey = new
            return new
        }
    }
}
