import Synchronization

/// Whether a collection round is running, so work that shares the machine with it (sending push alerts, queueing
/// them) steps aside until the round ends: the collection comes first, and a fan-out of thousands never lengthens it.
public final class RoundActivity: Sendable {
    private struct State {
        var running = 0
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    public init() {}

    /// A round starts.
    public func begin() {
        state.withLock { $0.running += 1 }
    }

    /// A round ended: whatever stepped aside goes on once no round runs.
    public func end() {
        let resumed = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.running -= 1
            guard state.running == 0 else { return [] }
            defer { state.waiting = [] }
            return state.waiting
        }
        for waiter in resumed { waiter.resume() }
    }

    /// Returns at once when no round runs, else when the running rounds have ended.
    public func whenIdle() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let idle = state.withLock { state in
                if state.running == 0 { return true }
                state.waiting.append(waiter)
                return false
            }
            if idle { waiter.resume() }
        }
    }

    /// True while a round runs.
    public var isRunning: Bool { state.withLock { $0.running > 0 } }

    /// How many have stepped aside and wait for the running rounds to end.
    public var waiting: Int { state.withLock { $0.waiting.count } }
}
