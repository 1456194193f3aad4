import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

// A signal handler cannot capture context, so the settings to restore live here, written once before the handlers
// are installed and only read by them. Heap memory of the C struct's size, handed to tcgetattr as is (AddressSanitizer
// flagged tcgetattr writing into a Swift global of the imported type).
nonisolated(unsafe) private let savedAttributes: UnsafeMutablePointer<termios> = {
    let pointer = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    pointer.initialize(to: termios())
    return pointer
}()
nonisolated(unsafe) private var attributesSaved = false
private let restoreSequence: [UInt8] = Array("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l".utf8)

/// Puts the terminal back: attributes, cursor, main screen. Safe inside a signal handler (only tcsetattr and write).
private func restoreTerminalNow() {
    if attributesSaved { _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, savedAttributes) }
    restoreSequence.withUnsafeBufferPointer { _ = write(STDOUT_FILENO, $0.baseAddress, $0.count) }
}

/// The controlling terminal in full-screen mode: raw keys, the alternate screen, no cursor; restored on exit, on
/// SIGINT, SIGTERM, SIGHUP and on crashes (SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE).
public final class Terminal: Sendable {
    public init() {}

    /// Columns and rows, or 80x24 when the size cannot be read.
    public func size() -> (width: Int, height: Int) {
        var ws = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col > 0, ws.ws_row > 0 else { return (80, 24) }
        return (Int(ws.ws_col), Int(ws.ws_row))
    }

    /// Enters full-screen mode.
    public func enter() {
        if tcgetattr(STDIN_FILENO, savedAttributes) == 0 { attributesSaved = true }
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE] {
            Glibc.signal(signal) { number in
                restoreTerminalNow()
                Glibc.signal(number, SIG_DFL)
                raise(number)
            }
        }
        var raw = savedAttributes.pointee
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
        write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J")
    }

    /// Leaves full-screen mode and puts everything back.
    public func restore() {
        restoreTerminalNow()
        attributesSaved = false
    }

    /// Writes text as is.
    public func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBufferPointer {
                Glibc.write(STDOUT_FILENO, $0.baseAddress! + offset, $0.count - offset)
            }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return
            }
            offset += n
        }
    }
}
