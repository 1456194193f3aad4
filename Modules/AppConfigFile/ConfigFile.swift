import Foundation
import Storage
import TOMLKit

/// `$XDG_CONFIG_HOME/hangangjari/config.toml`, read and written as TOML by TOMLKit. A key is set by replacing its
/// line, so other lines and comments stay as they are; what is written is checked to read back unchanged, and the
/// file is written atomically with mode 0600 (it holds the Seoul key).
public enum ConfigFile {
    /// The keys the app reads and writes.
    public enum Key: String, Sendable, CaseIterable {
        case api
        case seoulKey = "seoul_key"
        case language
        case strictSigning = "strict_signing"
        case publicURL = "public_url"
    }

    /// A value the app writes: a string, or a flag (`strict_signing = true`).
    public enum Value: Equatable, Sendable {
        case text(String)
        case flag(Bool)
    }

    /// Why the file could not be read or changed.
    public enum Problem: Error, Equatable, CustomStringConvertible {
        /// The file is not valid TOML (the line and column are TOMLKit's).
        case invalid(path: String, reason: String)
        /// A key holds a value of another type than the app reads.
        case wrongType(path: String, key: String, expected: String)
        /// The value would not read back unchanged (a value TOML cannot hold, such as a NUL).
        case notRepresentable(key: String)

        public var description: String {
            switch self {
            case .invalid(let path, let reason): "\(path) is not valid TOML: \(reason)"
            case .wrongType(let path, let key, let expected): "\(path): \(key) must be \(expected)"
            case .notRepresentable(let key): "the value of \(key) cannot be written to config.toml unchanged"
            }
        }
    }

    /// The file's location.
    public static func url(_ environment: [String: String]) throws(StorageError) -> URL {
        try AppConfiguration.fileURL(environment)
    }

    /// The settings a file's text holds; unknown keys are ignored.
    public static func read(_ text: String, path: String = "config.toml") throws(Problem) -> AppConfiguration {
        let table = try parse(text, path: path)
        var configuration = AppConfiguration()
        func string(_ key: Key) throws(Problem) -> String? {
            guard let value = table[key.rawValue] else { return nil }
            guard let text = value.string else { throw .wrongType(path: path, key: key.rawValue, expected: "a string") }
            return text.isEmpty ? nil : text
        }
        configuration.apiURL = try string(.api)
        configuration.seoulKey = try string(.seoulKey)
        configuration.language = try string(.language)
        configuration.publicURL = try string(.publicURL)
        if let strict = table[Key.strictSigning.rawValue] {
            guard let flag = strict.bool else {
                throw .wrongType(path: path, key: Key.strictSigning.rawValue, expected: "true or false")
            }
            configuration.strictSigning = flag
        }
        return configuration
    }

    /// Sets `key` to `value` (or removes the key when `value` is nil); returns the file written. A file that is not
    /// valid TOML is left as it is.
    @discardableResult
    public static func set(_ key: Key, to value: Value?, environment: [String: String]) throws -> URL {
        let url = try url(environment)
        let old = AtomicFile.read(url, limit: 64 * 1024).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let text = try edited(old, setting: key, to: value, path: url.path)
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
        } catch {
            throw StorageError.unwritable(
                path: url.deletingLastPathComponent().path, reason: error.localizedDescription)
        }
        try AtomicFile.write(Data(text.utf8), to: url, mode: 0o600)
        return url
    }

    /// `text` with `key`'s top-level line replaced (or removed), checked to read back with the value unchanged.
    public static func edited(_ text: String, setting key: Key, to value: Value?, path: String = "config.toml")
        throws(Problem) -> String
    {
        _ = try parse(text, path: path)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        let firstTable = lines.firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix("[") } ?? lines.count
        var topLevel = Array(lines[..<firstTable])
        let tables = Array(lines[firstTable...])
        topLevel.removeAll { line in
            line.split(separator: "=", maxSplits: 1).first.map {
                $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
                    == key.rawValue
            } ?? false
        }
        let table = TOMLTable()
        switch value {
        case .text(let text): table[key.rawValue] = text
        case .flag(let flag): table[key.rawValue] = flag
        case nil: break
        }
        if value != nil {
            topLevel.append(table.convert(to: .toml, options: [.allowUnicodeStrings]).trimmingCharacters(in: .newlines))
        }
        let result = (topLevel + tables).joined(separator: "\n") + "\n"
        let written = try parse(result, path: path)[key.rawValue]
        let readBack: Value? = written.flatMap { $0.string.map(Value.text) ?? $0.bool.map(Value.flag) }
        guard readBack == value else { throw .notRepresentable(key: key.rawValue) }
        return result
    }

    private static func parse(_ text: String, path: String) throws(Problem) -> TOMLTable {
        do {
            return try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw .invalid(path: path, reason: "\(error.description) at \(error.source.begin)")
        } catch {
            throw .invalid(path: path, reason: "\(error)")
        }
    }
}
