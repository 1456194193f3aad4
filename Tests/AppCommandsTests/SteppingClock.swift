import Foundation
import Models
import Synchronization

/// A clock that moves only while the command waits: each wait it asks for moves the clock by that long and is
/// counted, so a watch's looks do not depend on how busy the machine is.
final class SteppingClock: Sendable {
    private let instant: Mutex<Date>
    private let count = Mutex(0)

    init(at start: Date) { instant = Mutex(start) }

    /// The clock handed to the command.
    var wallClock: WallClock { WallClock { self.instant.withLock { $0 } } }

    /// The waits so far.
    var waits: Int { count.withLock { $0 } }

    /// The command's wait: counted, and the clock moved by it.
    @Sendable func sleep(_ wait: Duration) {
        count.withLock { $0 += 1 }
        let (seconds, attoseconds) = wait.components
        instant.withLock { $0 += TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18 }
    }
}
