import ArgumentParser
import CommandLineSupport
import Foundation
import Localization
import Testing

/// swift-argument-parser writes its help and usage errors in English and `ParserWords` rewrites them; the package
/// is pinned to one minor version, and this test holds every kind of text the parser printed at that version.
/// When an update changes a word, the golden file shows where, and `ParserWords` is updated with it.
@Suite struct ParserGoldenTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("parser-golden.txt")

    static let failing: [[String]] = [
        ["show", "banpo", "--formt", "json"], ["show", "banpo", "--nope"], ["show", "banpo", "--format"],
        ["show", "banpo", "extra"], ["show"], ["pick"], ["show", "banpo", "--format", "xml"],
        ["show", "banpo", "--timeout", "soon"],
    ]

    /// Every help screen and usage error of the probe, as `localizedMain` receives them.
    static func printed() -> String {
        var sections = [
            ParserProbe.helpMessage(columns: 100), ParserProbe.helpMessage(for: ParserProbe.Show.self, columns: 100),
            ParserProbe.helpMessage(for: ParserProbe.Pick.self, columns: 100),
        ]
        for arguments in failing {
            do {
                _ = try ParserProbe.parseAsRoot(arguments)
                sections.append("(parsed)")
            } catch {
                sections.append(ParserProbe.fullMessage(for: error))
            }
        }
        return sections.map { $0.trimmingCharacters(in: .newlines) }.joined(separator: "\n---\n") + "\n"
    }

    /// The parser's own phrases; none may be left once the text is in Korean.
    static let parserEnglish = [
        "OVERVIEW", "USAGE", "ARGUMENTS", "OPTIONS", "SUBCOMMANDS", "(default)", "Usage:", "Error:", "Help:",
        "Unknown option", "Did you mean", "Missing", "Unexpected", "is invalid", "Please provide", "See '",
        "for more information", "for detailed help", "Show help", "Show the version", "default:", "values:",
    ]

    @Test func theParserPrintsWhatTheGoldenFileHolds() throws {
        let expected = try String(contentsOf: Self.golden, encoding: .utf8)
        let printed = Self.printed()
        #expect(printed == expected, "swift-argument-parser's words changed; ParserWords may need them:\n\(printed)")
    }

    @Test func everyParserPhraseReadsInKorean() throws {
        let korean = ParserWords.localize(try String(contentsOf: Self.golden, encoding: .utf8), Localizer(.ko))
        for phrase in Self.parserEnglish {
            #expect(!korean.contains(phrase), "'\(phrase)' is left in:\n\(korean)")
        }
        // Our own words and the values pass through.
        #expect(korean.contains("'--formt'") && korean.contains("'xml'") && korean.contains("Shows a park."))
    }

    @Test func englishIsLeftAsThePrinted() throws {
        let english = try String(contentsOf: Self.golden, encoding: .utf8)
        #expect(ParserWords.localize(english, Localizer(.en)) == english)
    }
}
