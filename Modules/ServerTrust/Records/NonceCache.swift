import Foundation
import Models
import Synchronization

/// Remembers spent nonces in memory until their time is up. Expired nonces leave in the order they came (their
/// `until` is the request time plus a fixed window), so each insert does O(1) work on average however many are held.
/// At ``capacity`` unexpired nonces it refuses to take more rather than forget one: forgetting would let a replay
/// through, while a refusal is a 503 the client retries.
public final class NonceCache: Sendable {
    /// Why a nonce could not be checked.
    public struct Full: Error, Sendable, CustomStringConvertible {
        public let capacity: Int
        public var description: String { "the nonce memory holds \(capacity) unexpired nonces, its limit" }
    }

    private struct State {
        var until: [SpentNonce: Date] = [:]
        /// Nonces in the order they were inserted; `head` is the oldest not yet looked at.
        var order: [(nonce: SpentNonce, until: Date)] = []
        var head = 0

        /// Forgets the nonces whose time is up, oldest first.
        mutating func expire(now: Date) {
            while head < order.count, order[head].until <= now {
                let (nonce, until) = order[head]
                // Spent again since (after it expired): that later entry keeps it.
                if let held = self.until[nonce], held <= until { self.until[nonce] = nil }
                head += 1
            }
            if head > 1024, head * 2 > order.count {
                order.removeFirst(head)
                head = 0
            }
        }
    }

    /// The most unexpired nonces held (an estimated 200 bytes each, with the order kept).
    public let capacity: Int
    private let state = Mutex(State())

    public init(capacity: Int = 1_000_000) {
        self.capacity = capacity
    }

    /// Records a nonce until `until`; false when it is still remembered.
    public func insert(_ nonce: SpentNonce, now: Date, until: Date) throws(Full) -> Bool {
        let outcome: Bool? = state.withLock { state in
            state.expire(now: now)
            if let held = state.until[nonce], held > now { return false }
            guard state.until.count < capacity else { return nil }
            state.until[nonce] = until
            state.order.append((nonce, until))
            return true
        }
        guard let outcome else { throw Full(capacity: capacity) }
        return outcome
    }

    /// How many nonces are held.
    public var count: Int { state.withLock { $0.until.count } }
}
