import FoundationEssentials

/// Help text of the command-line tools, in the language the command line asks for (`--lang`) or the environment's.
/// The argument parser reads help from static declarations, so the language is settled once per process here.
public enum CommandLineHelp {
    /// The language of `--lang ko`/`--lang=ko` among `arguments`, else `LC_ALL`, `LC_MESSAGES`, `LANG`.
    public static func language(arguments: [String], environment: [String: String]) -> Language {
        var explicit: String?
        for (index, argument) in arguments.enumerated() {
            if argument == "--lang", index + 1 < arguments.count { explicit = arguments[index + 1] }
            if argument.hasPrefix("--lang=") { explicit = String(argument.dropFirst("--lang=".count)) }
        }
        return Language.resolve(flag: explicit, configFile: nil, settings: nil, environment: environment)
    }

    /// The localizer of help and usage errors.
    public static let localizer = Localizer(
        language(arguments: CommandLine.arguments, environment: ProcessInfo.processInfo.environment))
}

/// A help string of the command-line tools in the process's language.
public func helpText(_ key: L10nKey) -> String {
    CommandLineHelp.localizer(key)
}
