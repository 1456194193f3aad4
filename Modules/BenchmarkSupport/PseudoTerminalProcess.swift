import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A command run on a fresh pseudo-terminal (what a user's terminal gives it), for timing full-screen start-up and
/// reading its memory while it runs. Output is drained on a thread so the command never blocks on a full pty.
public final class PseudoTerminalProcess: Sendable {
    public let pid: pid_t
    private let master: Int32
    private let started: UInt64
    private let received = Mutex(0)

    /// Starts `argv` (argv[0] is a path) on a `width`×`height` pty.
    public init(_ argv: [String], environment: [String: String], width: UInt16 = 80, height: UInt16 = 24) throws {
        // posix_openpt and friends are hidden behind feature macros in the Glibc module: the Linux ioctls instead.
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard master >= 0, ioctl(master, tiocsptlck, &unlock) == 0,
            ioctl(master, tiocgptn, &number) == 0
        else {
            throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "no pseudo-terminal"])
        }
        let slavePath = "/dev/pts/\(number)"
        var size = winsize(ws_row: height, ws_col: width, ws_xpixel: 0, ws_ypixel: 0)
        // The size is set on the slave before the command starts, through a descriptor opened here.
        let slave = open(slavePath, O_RDWR | O_NOCTTY)
        _ = ioctl(slave, UInt(TIOCSWINSZ), &size)
        started = DispatchTime.now().uptimeNanoseconds
        let spawned = Spawn.start(
            argv, environment: environment,
            streams: Spawn.Streams(input: slavePath, output: slavePath, error: slavePath), newSession: true)
        close(slave)
        guard let pid = spawned else { throw CocoaError(.executableLoad) }
        self.pid = pid
        self.master = master
        Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = read(master, &buffer, buffer.count)
                if n <= 0 { break }
                received.withLock { $0 += n }
            }
        }.start()
    }

    /// Bytes the command wrote so far.
    public var bytesReceived: Int { received.withLock { $0 } }

    /// Types bytes as keys.
    public func send(_ text: String) {
        var bytes = Array(text.utf8)
        _ = write(master, &bytes, bytes.count)
    }

    /// Peak resident memory so far (VmHWM), in KiB.
    public var peakKiB: Int? { ResidentMemory.peakKiB(pid: pid) }

    /// Waits for the command to end; returns seconds since it started and its exit status.
    public func wait() -> (seconds: Double, status: Int32) {
        let exit = Spawn.wait(pid)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        close(master)
        return (seconds, exit.status)
    }
}

// Linux constants that Glibc does not export to Swift.
/// `TIOCSPTLCK`: lock or unlock a pseudo-terminal's slave.
private let tiocsptlck: UInt = 0x4004_5431
/// `TIOCGPTN`: the number of a pseudo-terminal's slave.
private let tiocgptn: UInt = 0x8004_5430
