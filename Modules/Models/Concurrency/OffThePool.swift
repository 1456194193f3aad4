import Foundation

/// Runs long CPU-bound work (training, feature rows of a whole history) on a thread of its own and waits for it
/// without holding one of the cooperative pool's threads: there are as many as cores (two here), and they also run
/// the requests, timers and deadlines of everything else in the process.
public func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}
