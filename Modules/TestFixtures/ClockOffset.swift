import Foundation
import Synchronization

/// Seconds a test adds to a clock it hands to a server or a client, moved while they run.
public final class ClockOffset: Sendable {
    private let offset = Mutex<TimeInterval>(0)

    public init() {}

    /// The seconds added now.
    public var seconds: TimeInterval {
        get { offset.withLock { $0 } }
        set { offset.withLock { $0 = newValue } }
    }
}
