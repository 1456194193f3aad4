import Foundation

/// A secret from the environment: `NAME`, or the first line of the file `NAME_FILE` names (for systemd credentials
/// and container secrets). Secrets never come from argv.
public enum Secret {
    public struct Unreadable: Error, CustomStringConvertible {
        public let name: String
        public let path: String
        public var description: String { "\(name)_FILE names \(path), which cannot be read" }
    }

    /// The value, nil when neither variable is set.
    public static func read(_ name: String, environment: [String: String]) throws(Unreadable) -> String? {
        if let value = environment[name], !value.isEmpty { return value }
        guard let path = environment[name + "_FILE"], !path.isEmpty else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else { throw Unreadable(name: name, path: path) }
        return String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).first.map {
            $0.trimmingCharacters(in: .whitespaces)
        }
    }
}
