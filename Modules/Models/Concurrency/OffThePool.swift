#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs long CPU-bound or blocking work (training, a whole history's rows, waiting for a child process) on a thread
/// of its own and waits for it without holding one of the cooperative pool's threads: there are as many as cores
/// (two here), and they also run the requests, timers and deadlines of everything else in the process. A POSIX
/// thread, since this module is in the widget's small front, which links no `Foundation` (`Thread`).
public func offThePool<T: Sendable, Failure: Error>(_ work: @escaping @Sendable () throws(Failure) -> T)
    async throws(Failure) -> T
{
    let result: Result<T, Failure> = await withCheckedContinuation { continuation in
        let job = ThreadJob {
            do throws(Failure) { continuation.resume(returning: .success(try work())) } catch {
                continuation.resume(returning: .failure(error))
            }
        }
        var thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { raw in
                Unmanaged<ThreadJob>.fromOpaque(raw!).takeRetainedValue().body()
                return nil
            }, Unmanaged.passRetained(job).toOpaque())
        if started == 0 {
            pthread_detach(thread)
        } else {
            // No thread to be had: the work runs here rather than never.
            Unmanaged.passUnretained(job).release()
            job.body()
        }
    }
    return try result.get()
}

/// The work a thread of `offThePool` runs.
private final class ThreadJob: Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}
