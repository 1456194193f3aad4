import ArgumentParser

/// A command with one of everything the parser can say something about: the default subcommand, arguments,
/// options with defaults and value lists, flags, an exclusive choice and the version.
struct ParserProbe: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "probe", abstract: "Probes the parser.", version: "1.0",
        subcommands: [Show.self, Pick.self], defaultSubcommand: Show.self)

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Shows a park.")

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case text, json, waybar
        }

        @Argument(help: "A park.") var park: String
        @Option(help: "Seconds.") var timeout: Double = 8
        @Option(help: "A format.") var format: Format = .text
        @Flag(help: "Say less.") var quiet = false
    }

    struct Pick: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Picks a kind.")

        enum Kind: String, EnumerableFlag {
            case parking, general
        }

        @Flag(help: "The kind.") var kind: Kind
    }
}
