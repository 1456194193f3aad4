import Synchronization

/// Opens once the server's port is bound: what calls Seoul waits for it, so a start that cannot bind (the port
/// taken, a restart loop) spends nothing of the daily quota. One waiter at a time is enough: the collection's.
public final class PortBound: Sendable {
    private let state = Mutex((open: false, waiters: [CheckedContinuation<Void, Never>]()))

    public init() {}

    /// Whether the port was bound.
    public var isOpen: Bool { state.withLock { $0.open } }

    func open() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.open = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once the port is bound, or when the waiting task is cancelled (then `isOpen` tells which).
    func wait() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let now = state.withLock { state -> Bool in
                    // Checked under the lock the cancellation handler takes, so a cancellation is never missed.
                    if state.open || Task.isCancelled { return true }
                    state.waiters.append(continuation)
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                defer { state.waiters = [] }
                return state.waiters
            }
            for waiter in waiters { waiter.resume() }
        }
    }
}
