import Foundation

/// `$XDG_CONFIG_HOME/hangangjari/config.toml`, edited a key at a time: other lines and comments stay as they are,
/// and the file is written atomically with mode 0600 (it holds the Seoul key).
public enum ConfigFile {
    /// The file's location.
    public static func url(_ environment: [String: String]) throws(StorageError) -> URL {
        try XDG.configHome(environment).appendingPathComponent("hangangjari/config.toml")
    }

    /// Sets `key = "value"` (or removes the key when `value` is nil); returns the file written.
    @discardableResult
    public static func set(_ key: String, to value: String?, environment: [String: String]) throws(StorageError) -> URL
    {
        let url = try url(environment)
        let old = AtomicFile.read(url, limit: 64 * 1024).map { String(decoding: $0, as: UTF8.self) } ?? ""
        var lines = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        lines.removeAll { line in
            line.split(separator: "=", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) == key }
                ?? false
        }
        if let value {
            let escaped = value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
                of: "\"", with: "\\\"")
            lines.append("\(key) = \"\(escaped)\"")
        }
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
        } catch {
            throw .unwritable(path: url.deletingLastPathComponent().path, reason: error.localizedDescription)
        }
        try AtomicFile.write(Data((lines.joined(separator: "\n") + "\n").utf8), to: url, mode: 0o600)
        return url
    }
}
