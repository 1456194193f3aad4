// ThreadSanitizer probe: a correct program (two threads, every access inside Synchronization.Mutex.withLock)
// that this toolchain still reports as "Swift access race" on Linux, while the sum is always 30000. It shows why
// Tools/sanitizers/tsan.supp suppresses the reports in the types whose shared state sits in a Mutex.
// Run: swiftc -sanitize=thread Tools/sanitizers/MutexProbe.swift -o /tmp/probe && /tmp/probe
import Foundation
import Synchronization

final class Box: Sendable {
    let m = Mutex<[Int: Int]>([:])
}
let box = Box()
let group = DispatchGroup()
for t in 0..<2 {
    group.enter()
    Thread {
        for i in 0..<10000 { box.m.withLock { $0[i % 7, default: 0] += t + 1 } }
        group.leave()
    }.start()
}
group.wait()
print(box.m.withLock { $0.values.reduce(0, +) })
