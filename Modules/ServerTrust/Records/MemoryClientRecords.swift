import Foundation
import Models
import Synchronization

/// Client records in this process's memory: the default of one instance on its own. Lost at restart; bounded.
public final class MemoryClientRecords: ClientRecordStore {
    private struct State {
        var answers: [String: (answer: Data, at: Date)] = [:]
        var subscriptions: [String: StoredSubscription] = [:]
        var telemetry: [TelemetryKey: Int] = [:]
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
                let key = subscription.installHash + "\u{1F}" + subscription.lotId.rawValue
                state.subscriptions[key] = StoredSubscription(id: id, subscription: subscription)
            }
            return write.answer
        }
    }

    public func subscriptions() async throws -> [StoredSubscription] {
        state.withLock { $0.subscriptions }.values.sorted {
            ($0.subscription.installHash, $0.subscription.lotId.rawValue)
                < ($1.subscription.installHash, $1.subscription.lotId.rawValue)
        }
    }

    public func telemetryCounts() async throws -> [TelemetryCount] {
        state.withLock { $0.telemetry }.map { TelemetryCount(day: $0.key.day, kind: $0.key.kind, count: $0.value) }
            .sorted { ($0.day, $0.kind) < ($1.day, $1.kind) }
    }
}
