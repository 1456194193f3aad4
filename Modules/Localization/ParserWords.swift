/// The argument parser's own words (headings, the help flag, usage errors) in the localizer's language.
///
/// swift-argument-parser writes these in English and offers no hook to change them, so its finished text is
/// rewritten line by line. The English patterns below are what the parser prints, not text of ours; anything not
/// recognised passes through unchanged. `Package.swift` pins the parser to one minor version, and
/// `Tests/CommandLineSupportTests/parser-golden.txt` holds every kind of text it printed there: an update that
/// changes a word fails that test before a user sees English.
public enum ParserWords {
    /// `text` (a help screen or a usage error from the parser) with the parser's words in `l`'s language.
    public static func localize(_ text: String, _ l: Localizer) -> String {
        guard l.language != .en else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { localizeLine(String($0), l) }
            .joined(separator: "\n")
    }

    static let headings: [String: L10nKey] = [
        "ARGUMENTS:": .parserArguments, "OPTIONS:": .parserOptions, "SUBCOMMANDS:": .parserSubcommands,
    ]
    static let prefixes: [(String, L10nKey)] = [
        ("OVERVIEW:", .parserOverview), ("USAGE:", .parserUsageHeading), ("Usage:", .parserUsage),
        ("Help:", .parserHelp),
    ]

    static func localizeLine(_ line: String, _ l: Localizer) -> String {
        if let key = headings[line] { return l(key) }
        if line.hasPrefix("Error: ") { return l(.parserError) + " " + localizeMessage(String(line.dropFirst(7)), l) }
        for (english, key) in prefixes where line.hasPrefix(english + " ") {
            return l(key)
                + line.dropFirst(english.count).replacing(
                    "<subcommand>", with: "<" + l(.parserSubcommandPlaceholder) + ">")
        }
        let indent = String(line.prefix { $0 == " " })
        let body = String(line.dropFirst(indent.count))
        if let command = enclosed(body, "See '", "' for more information.") {
            return indent + l(.parserSeeMore, command)
        }
        if let command = enclosed(body, "See '", " <subcommand>' for detailed help.") {
            return indent + l(.parserSeeSubcommandHelp, command)
        }
        if let sentence = body.firstRange(of: "Please provide one of the following:"),
            sentence.upperBound == body.endIndex
        {
            return indent + body[..<sentence.lowerBound] + l(.parserProvideOneOfFollowing)
        }
        if indent.count == 2, let marker = body.firstRange(of: " (default) ") {
            // The default subcommand's label; keep the help column where it was.
            let label = " " + l(.parserDefaultSubcommand)
            let padding = String(repeating: " ", count: max(1, DisplayWidth.of(" (default) ") - DisplayWidth.of(label)))
            return indent + body[..<marker.lowerBound] + label + padding + body[marker.upperBound...]
        }
        return localizeOptionHelp(line, l)
    }

    /// The help flag's text and the `(default: …)`/`(values: …; default: …)` notes after option help.
    static func localizeOptionHelp(_ line: String, _ l: Localizer) -> String {
        var line = line
        for (english, key) in [
            ("Show help information.", L10nKey.parserShowHelp), ("Show the version.", .parserShowVersion),
        ] {
            if line.hasSuffix(english) { line = line.dropLast(english.count) + l(key) }
        }
        guard let open = line.firstRange(of: "(values: ") ?? line.firstRange(of: "(default: "), line.hasSuffix(")")
        else {
            return line
        }
        let notes = line[open.upperBound..<line.index(before: line.endIndex)]
        let label = line[open.lowerBound...].hasPrefix("(values: ") ? "values" : "default"
        var parts: [String] = []
        if label == "values" {
            let pieces = notes.split(separator: "; default: ", omittingEmptySubsequences: false)
            parts.append(l(.parserValues, String(pieces[0])))
            if pieces.count > 1 { parts.append(l(.parserDefault, String(pieces[1]))) }
        } else {
            parts.append(l(.parserDefault, String(notes)))
        }
        return line[..<open.lowerBound] + "(" + parts.joined(separator: "; ") + ")"
    }

    /// The parser's usage-error sentences.
    static func localizeMessage(_ message: String, _ l: Localizer) -> String {
        if let both = enclosed(message, "Unknown option '", "'?"), let split = both.firstRange(of: "'. Did you mean '")
        {
            return l(.parserUnknownOption, both[..<split.lowerBound]) + ". "
                + l(.parserDidYouMeanOption, both[split.upperBound...])
        }
        if let name = enclosed(message, "Unknown option '", "'") { return l(.parserUnknownOption, name) }
        if let name = enclosed(message, "Missing value for '", "'") { return l(.parserMissingValue, name) }
        if let value = enclosed(message, "Unexpected argument '", "'") { return l(.parserUnexpectedArgument, value) }
        if let name = enclosed(message, "Missing expected argument '", "'") { return l(.parserMissingArgument, name) }
        if let names = enclosed(message, "Missing one of: ", "") { return l(.parserMissingOneOf, names) }
        if let option = enclosed(message, "Invalid option: ", "") { return l(.parserInvalidOption, option) }
        if let rest = enclosed(message, "The value '", ""), let split = rest.firstRange(of: "' is invalid for '"),
            let close = rest[split.upperBound...].firstIndex(of: "'")
        {
            let value = rest[..<split.lowerBound]
            let name = rest[split.upperBound..<close]
            return l(.parserInvalidValue, value, name) + localizeValueList(String(rest[rest.index(after: close)...]), l)
        }
        return message
    }

    /// `. Please provide one of 'a', 'b' or 'c'.` after an invalid value.
    static func localizeValueList(_ suffix: String, _ l: Localizer) -> String {
        guard let list = enclosed(suffix, ". Please provide one of ", "."), list.hasPrefix("'") else { return suffix }
        let values = list.split(separator: "'").enumerated().filter { $0.offset % 2 == 0 }.map { "'\($0.element)'" }
        return ". " + l(.parserProvideOneOf, values.joined(separator: ", "))
    }

    /// The text between `prefix` and `suffix` when `text` is exactly that, else nil.
    static func enclosed(_ text: String, _ prefix: String, _ suffix: String) -> String? {
        guard text.hasPrefix(prefix), text.hasSuffix(suffix), text.count >= prefix.count + suffix.count else {
            return nil
        }
        return String(text.dropFirst(prefix.count).dropLast(suffix.count))
    }
}
