import Synchronization

/// A signal one task waits for: `signal()` resumes the waiter, or, with none waiting, makes the next `wait()` return
/// at once (signals while nobody waits count as one). `wait()` also returns when its task is cancelled.
final class Wakeup: Sendable {
    private struct State {
        var pending = false
        var waiter: CheckedContinuation<Void, Never>?
    }
    private let state = Mutex(State())

    func signal() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard let waiter = state.waiter else {
                state.pending = true
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume()
    }

    /// Waits for a signal (one waiter at a time); `orCancellation: false` waits even in a cancelled task.
    func wait(orCancellation cancellable: Bool = true) async {
        guard cancellable else { return await park(checkingCancellation: false) }
        await withTaskCancellationHandler {
            await park(checkingCancellation: true)
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume()
        }
    }

    /// Returns at once on a pending signal (or, when checking, in a cancelled task); else parks the waiter.
    private func park(checkingCancellation: Bool) async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state -> Bool in
                if state.pending {
                    state.pending = false
                    return true
                }
                // Checked under the lock the cancellation handler takes, so a cancellation is never missed.
                if checkingCancellation, Task.isCancelled { return true }
                state.waiter = continuation
                return false
            }
            if now { continuation.resume() }
        }
    }
}
