import Foundation
import Models
import Networking

/// Remembers spent nonces until their time is up, in memory (bounded).
public final class NonceCache: Sendable {
    private let seen = LockedBox<[SpentNonce: Date]>([:])

    public init() {}

    /// Records a nonce until `until`; false when it is still remembered.
    public func insert(_ nonce: SpentNonce, now: Date, until: Date) -> Bool {
        seen.withLock { seen in
            if seen.count > 200_000 { seen = seen.filter { $0.value > now } }
            if let remembered = seen[nonce], remembered > now { return false }
            seen[nonce] = until
            return true
        }
    }
}
