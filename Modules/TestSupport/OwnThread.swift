import Foundation

/// Runs blocking work (waiting for a child process, reading its pipes to the end) on a thread of its own: on the
/// cooperative pool it would hold one of the two threads every test's tasks and timers share, and a deadline
/// under test would fire seconds late.
public func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}
