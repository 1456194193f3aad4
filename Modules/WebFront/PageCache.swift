import NIOCore
import Synchronization

/// Rendered pages by what they were rendered from (path, language, the summary's ETag, the minute): a page is
/// rendered once per value and minute, then served as bytes, like the /v2 body it shows. Bounded: emptied when full.
final class PageCache: Sendable {
    private let pages = Mutex<[PageKey: ByteBuffer]>([:])
    private let capacity: Int

    init(capacity: Int = 4096) {
        self.capacity = capacity
    }

    func page(_ key: PageKey, render: () -> String) -> ByteBuffer {
        if let kept = pages.withLock({ $0[key] }) { return kept }
        let buffer = ByteBuffer(string: render())
        pages.withLock {
            if $0.count >= capacity { $0.removeAll(keepingCapacity: true) }
            $0[key] = buffer
        }
        return buffer
    }
}
