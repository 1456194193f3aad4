import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

extension ChildTraining {
    /// How often, in seconds, a training child looks whether its server is still there.
    static let orphanCheckInterval: TimeInterval = 1

    /// Called first in the child: ends it (exit status 70, `EX_SOFTWARE`) within about a second of its server going
    /// away, killed or crashed, instead of training on for minutes to write its answer to nobody. The server is the
    /// parent the child started with: an orphan is handed to another (init or a subreaper).
    public static func endWhenOrphaned() {
        let parent = getppid()
        let watch = Thread {
            while getppid() == parent {
                Thread.sleep(forTimeInterval: orphanCheckInterval)
            }
            FileHandle.standardError.write(Data("the server that started this training is gone\n".utf8))
            _exit(70)
        }
        watch.name = "orphan-watch"
        watch.start()
    }
}
