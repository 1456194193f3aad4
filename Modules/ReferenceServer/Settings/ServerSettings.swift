import Foundation
import Logging
import Models
import ServerFaults
import ServerForecasting
import ServerHTTP
import ServerTrust
import Storage
import WebPush

/// How `hangangjari-server serve` is configured: the environment first (HOST, PORT, SOURCE, SEOUL_OPEN_DATA_KEY, ...,
/// as a systemd unit or a container sets them), flags as overrides. Secrets come from the environment or `*_FILE`
/// only, never from flags: argv is visible to every user in `ps`. Every setting is one row of `table`.
public enum ServerSettings {
    /// A setting that cannot be used, named by its variable or flag.
    public struct Invalid: Error, CustomStringConvertible, Equatable {
        public let setting: String
        public let reason: String
        public var description: String { "\(setting): \(reason)" }
    }

    /// The configuration `serve` starts from: the library's defaults, and one line per request logged.
    public static let baseline: ServerConfiguration = {
        var configuration = ServerConfiguration()
        configuration.accessLog = true
        return configuration
    }()

    /// The configuration, or the first setting that cannot be used. `flags` holds the flags given, by flag name.
    public static func configuration(environment: [String: String], flags: [String: String] = [:]) throws(Invalid)
        -> ServerConfiguration
    {
        var configuration = baseline
        let given = GivenSettings(environment: environment, flags: flags)
        for setting in table {
            do { try setting.apply({ try given.text(setting) }, &configuration, given) } catch let invalid as Invalid {
                throw invalid
            } catch {
                throw Invalid(setting: given.name(setting), reason: "\(error)")
            }
        }
        do { configuration.now = try WallClock.from(environment: environment).now } catch {
            throw Invalid(setting: WallClock.environmentVariable, reason: error.description)
        }
        return configuration
    }

    /// The settings `--help` lists (and so the man page): one line each, with its default.
    public static var helpLines: [String] {
        table.compactMap { setting in
            guard let variable = setting.variable else { return nil }
            return
                "  \(variable)\(setting.secret ? " / _FILE" : ""): \(setting.meaning)\(setting.defaultNote(baseline))"
        }
    }

    /// A flag's help: what it means, the variable it overrides and its default.
    public static func flagHelp(_ flag: String) -> String {
        guard let setting = table.first(where: { $0.flag == flag }) else { return "" }
        let also = setting.variable.map { "or \($0)" }
        let shown = setting.shownDefault(baseline).map { "default \($0)" }
        let note = [also, shown].compactMap { $0 }.joined(separator: "; ")
        let meaning = setting.meaning.prefix(1).uppercased() + setting.meaning.dropFirst()
        return meaning + (note.isEmpty ? "" : " (\(note))") + "."
    }

    /// Docs/operations.md's list of settings, as a Markdown table.
    public static var markdownTable: String {
        var lines = ["| variable | flag | meaning | default |", "| --- | --- | --- | --- |"]
        for setting in table {
            let variable = setting.variable.map { "`\($0)`" + (setting.secret ? " / `\($0)_FILE`" : "") } ?? ""
            let flag = setting.flag.map { "`--\($0)`" } ?? ""
            let shown = setting.shownDefault(baseline).map { "`\($0)`" } ?? ""
            lines.append(
                "| \(variable) | \(flag) | \(setting.meaning.replacingOccurrences(of: "|", with: "\\|")) | \(shown) |")
        }
        return lines.joined(separator: "\n")
    }
}

/// Where the server keeps forecast history: `--history` or `HISTORY_PATH` (`memory` for none), else memory for
/// simulated data and `$XDG_STATE_HOME/hangangjari/server-history.sqlite` for Seoul data.
public enum HistoryLocation {
    public static func path(chosen: String?, seoul: Bool, environment: [String: String]) throws -> String? {
        if let chosen, !chosen.isEmpty {
            return chosen == "memory" ? nil : chosen
        }
        guard seoul else { return nil }
        let directory = try XDG.stateHome(environment).appendingPathComponent("hangangjari")
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return directory.appendingPathComponent("server-history.sqlite").path
    }
}
