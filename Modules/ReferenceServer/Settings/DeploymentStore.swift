import Foundation
import Storage

/// The store an operator command (`push status`, `history export`, `keys`) reads: the deployment's, found the way
/// its systemd unit configures it, never one made for the occasion in the caller's home.
public enum DeploymentStore: Equatable, Sendable {
    /// PostgreSQL, from `DATABASE_URL` (or `DATABASE_URL_FILE`).
    case database(url: String)
    /// A server's SQLite file.
    case file(path: String)

    /// The unit's `EnvironmentFile=`.
    public static let unitEnvironmentFile = "/etc/hangangjari/server.env"
    /// The unit's `StateDirectory=`, one `history-PORT.sqlite` per instance.
    public static let unitStateDirectory = "/var/lib/hangangjari"

    /// Why no store was opened, naming every place looked at.
    public struct NotFound: Error, CustomStringConvertible, Equatable {
        public let description: String

        public init(description: String) { self.description = description }
    }

    /// The process's environment under the environment file's settings: `--env-file FILE` (which must exist), else
    /// the unit's when it exists. The process's own variables win, as `systemctl set-environment` would not.
    public static func environment(envFile: String?, process: [String: String]) throws(NotFound) -> [String: String] {
        let path = envFile ?? unitEnvironmentFile
        guard let data = FileManager.default.contents(atPath: path) else {
            if envFile != nil { throw NotFound(description: "no environment file at \(path)") }
            return process
        }
        var merged = parse(String(decoding: data, as: UTF8.self))
        merged.merge(process) { $1 }
        return merged
    }

    /// `KEY=VALUE` lines as systemd reads an environment file: `#` comments, optional quotes.
    static func parse(_ text: String) -> [String: String] {
        var values: [String: String] = [:]
        for raw in text.split(whereSeparator: \.isNewline) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard !line.hasPrefix("#"), !line.hasPrefix(";"), let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces)
            var value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, let first = value.first, first == value.last, first == "\"" || first == "'" {
                value = String(value.dropFirst().dropLast())
            }
            if !key.isEmpty { values[key] = value }
        }
        return values
    }

    /// `--history FILE`; else `DATABASE_URL`; else `HISTORY_PATH`; else the unit's instance file (`--instance PORT`,
    /// or the only one in `stateDirectory`); else the file a server run by this user keeps. A file must exist.
    public static func locate(
        history: String?, instance: String?, environment: [String: String],
        stateDirectory: String = unitStateDirectory
    ) throws(NotFound) -> DeploymentStore {
        if let history { return try existing(history, "--history") }
        do {
            if let url = try Secret.read("DATABASE_URL", environment: environment) { return .database(url: url) }
        } catch {
            throw NotFound(description: error.description)
        }
        if let path = environment["HISTORY_PATH"], !path.isEmpty, path != "memory" {
            return try existing(path, "HISTORY_PATH")
        }
        let directory = URL(fileURLWithPath: stateDirectory)
        if let instance {
            return try existing(directory.appendingPathComponent("history-\(instance).sqlite").path, "--instance")
        }
        let instances = ((try? FileManager.default.contentsOfDirectory(atPath: stateDirectory)) ?? [])
            .filter { $0.hasPrefix("history-") && $0.hasSuffix(".sqlite") }.sorted()
        if instances.count == 1 { return .file(path: directory.appendingPathComponent(instances[0]).path) }
        if instances.count > 1 {
            throw NotFound(
                description: "\(instances.count) instances keep their stores in \(stateDirectory) ("
                    + instances.joined(separator: ", ") + "): give --instance PORT")
        }
        let own = (try? XDG.stateHome(environment))?.appendingPathComponent("hangangjari/server-history.sqlite").path
        if let own, FileManager.default.fileExists(atPath: own) { return .file(path: own) }
        throw NotFound(
            description: "no server store: DATABASE_URL and HISTORY_PATH are not set (in the environment or "
                + "\(unitEnvironmentFile)), \(stateDirectory) holds no history-PORT.sqlite"
                + (own.map { ", and \($0) does not exist" } ?? "") + "; give --history FILE or --env-file FILE")
    }

    private static func existing(_ path: String, _ source: String) throws(NotFound) -> DeploymentStore {
        guard FileManager.default.fileExists(atPath: path) else {
            throw NotFound(description: "no server store at \(path) (from \(source))")
        }
        return .file(path: path)
    }
}
