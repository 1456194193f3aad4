import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Reads stdin on its own thread and hands decoded keys to `onKeys`, so input is never blocked by drawing or
/// refreshing. Stops when `stop()` is called or stdin closes.
public final class KeyReader: Sendable {
    private let stopped = Atomic<Bool>(false)

    public init() {}

    public func start(onKeys: @escaping @Sendable ([Key]) -> Void, onClose: @escaping @Sendable () -> Void) {
        Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 256)
            while !self.stopped.load(ordering: .relaxed) {
                var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
                let ready = poll(&descriptor, 1, 200)
                if ready <= 0 { continue }
                let n = read(STDIN_FILENO, &buffer, buffer.count)
                if n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN) {
                    onClose()
                    return
                }
                if n > 0 { onKeys(KeyDecoder.decode(Array(buffer[0..<n]))) }
            }
        }.start()
    }

    public func stop() {
        stopped.store(true, ordering: .relaxed)
    }
}
