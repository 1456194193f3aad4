import FoundationEssentials
import Models
import Storage
import WidgetSnapshot

#if canImport(Glibc)
    import Glibc
#endif

/// Where the widget's messages go. Text and JSON readers get them on stderr; a status bar may show stderr in place
/// of the value, so for a bar they go to `widget.log` in the state directory (0600, its newest 64 KiB), where
/// `doctor` reads them.
public enum WidgetMessages {
    static let logName = "widget.log"
    static let logLimit = 64 * 1024

    /// Emits `messages` for a run in `format`.
    public static func emit(_ messages: [String], format: WidgetFormat, container: SharedContainer?, now: Date) {
        guard !messages.isEmpty else { return }
        guard format.isStatusBar, let container else {
            for message in messages { StandardStream.error.write("hangangjari-widget: \(message)\n") }
            return
        }
        let stamp = ISO8601.format(now)
        append(messages.map { "\(stamp) \($0)\n" }.joined(), to: container.file(logName))
    }

    /// The newest lines of the log, oldest first.
    public static func recent(_ container: SharedContainer, count: Int) -> [String] {
        guard let data = AtomicFile.read(container.file(logName), limit: logLimit * 2) else { return [] }
        return Array(String(decoding: data, as: UTF8.self).split(separator: "\n").suffix(count).map(String.init))
    }

    static func append(_ text: String, to url: URL) {
        let fd = open(url.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }  // a bar has nowhere else to say it; the value is still printed
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        let size = lseek(fd, 0, SEEK_END)
        close(fd)
        if size > logLimit, let data = AtomicFile.read(url, limit: Int(size)) {
            let tail = data.suffix(logLimit / 2)
            let start = tail.firstIndex(of: UInt8(ascii: "\n")).map { tail.index(after: $0) } ?? tail.startIndex
            try? AtomicFile.write(Data(tail[start...]), to: url)
        }
    }
}
