import Foundation
import Models
import Networking

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
