import Foundation

/// One setting of `hangangjari-server serve`: its environment variable and flag, whether it is a secret, what it
/// means, the default it shows, and how its text becomes part of the configuration. The parser, `--help` (and so
/// the man page) and Docs/operations.md's list all read `ServerSettings.table`; each default lives in
/// `ServerConfiguration`.
public struct ServerSetting: Sendable {
    /// The environment variable, e.g. `PORT`; nil for a flag-only setting (test faults).
    public let variable: String?
    /// The long flag without its dashes, e.g. `port`; nil when the setting has no flag (every secret).
    public let flag: String?
    /// Read from `VARIABLE` or the file `VARIABLE_FILE` names, never from a flag (argv is visible in `ps`).
    public let secret: Bool
    /// What it means, without its default.
    public let meaning: String
    /// The default as the help shows it, read from the configuration `serve` starts from.
    let shownDefault: @Sendable (ServerConfiguration) -> String?
    /// Applies the setting to the configuration, reading its text (nil when unset) through `read` when it needs it;
    /// throws `ServerSettings.Invalid` naming the setting that cannot be used.
    let apply: @Sendable (_ read: () throws -> String?, inout ServerConfiguration, GivenSettings) throws -> Void

    init(
        _ variable: String?, flag: String? = nil, secret: Bool = false, _ meaning: String,
        default shownDefault: @escaping @Sendable (ServerConfiguration) -> String? = { _ in nil },
        apply:
            @escaping @Sendable (_ read: () throws -> String?, inout ServerConfiguration, GivenSettings) throws -> Void
    ) {
        self.variable = variable
        self.flag = flag
        self.secret = secret
        self.meaning = meaning
        self.shownDefault = shownDefault
        self.apply = apply
    }

    /// The name a refusal gives: the variable, else the flag.
    var name: String { variable ?? "--" + (flag ?? "") }

    /// ` (default X)` when there is a default to show.
    func defaultNote(_ baseline: ServerConfiguration) -> String {
        shownDefault(baseline).map { " (default \($0))" } ?? ""
    }
}

/// What was given for every setting, flags over the environment, secrets from the environment or their files.
public struct GivenSettings: Sendable {
    let environment: [String: String]
    /// Flag values by flag name.
    let flags: [String: String]

    /// The text given for `setting` (a flag first), nil when unset or empty.
    func text(_ setting: ServerSetting) throws(ServerSettings.Invalid) -> String? {
        if let flag = setting.flag, let value = flags[flag] { return value }
        guard let variable = setting.variable else { return nil }
        if setting.secret {
            do { return try Secret.read(variable, environment: environment) } catch {
                throw ServerSettings.Invalid(setting: variable + "_FILE", reason: "\(error.path) cannot be read")
            }
        }
        guard let value = environment[variable], !value.isEmpty else { return nil }
        return value
    }

    /// The name a refusal gives: the flag when the value came from it, else the variable.
    func name(_ setting: ServerSetting) -> String {
        if let flag = setting.flag, flags[flag] != nil { return "--" + flag }
        return setting.name
    }

    /// Whether a setting was given at all (a flag, its variable or, for a secret, its file).
    func isGiven(_ setting: ServerSetting) -> Bool {
        if let flag = setting.flag, flags[flag] != nil { return true }
        guard let variable = setting.variable else { return false }
        return !(environment[variable] ?? "").isEmpty
            || (setting.secret && !(environment[variable + "_FILE"] ?? "").isEmpty)
    }
}
