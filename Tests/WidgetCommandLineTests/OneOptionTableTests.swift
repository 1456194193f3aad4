import ArgumentParser
import Foundation
import Localization
import Models
import Testing
import WidgetCommandLine
import WidgetFront

/// Both widget fronts read the same options with the same checks: the quick parser of the fresh path and the
/// argument parser of `hangangjari-widget-fetch`.
@Suite struct OneOptionTableTests {
    @Test func theFullParserNamesExactlyTheTablesOptions() {
        let help = WidgetArguments.helpMessage(columns: 200)
        let named = Set(
            help.matches(of: /--([a-z-]+)/).map { String($0.output.1) }.filter { $0 != "help" && $0 != "version" })
        #expect(named == Set(WidgetOption.allCases.map(\.rawValue)))
    }

    @Test(arguments: [
        [String](),
        ["--kind", "general", "--park", "banpo", "--format", "waybar", "--lang", "ko"],
        ["--max-age", "240", "--deadline", "2.5", "--urgent-below", "20", "--api", "http://x", "--state-dir", "/s"],
        ["--park", "여의도", "--format", "tmux", "--lang", "en"],
        ["--kind", "go", "--in", "40"],
    ])
    func bothFrontsReadTheSameOptions(_ arguments: [String]) throws {
        let quick = try #require(QuickArguments.parse(arguments))
        let full = try WidgetArguments.parse(arguments)
        #expect(full.options == quick.options)
    }

    @Test(arguments: [
        ["--park", "atlantis"], ["--max-age", "-1"], ["--deadline", "0"], ["--kind", "weather"], ["--lang", "fr"],
        ["--format", "html"], ["--kind", "go", "--in", "-5"], ["--in", "10000"], ["--in", "soon"],
    ])
    func bothFrontsRefuseTheSameValues(_ arguments: [String]) {
        #expect(QuickArguments.parse(arguments) == nil)
        #expect(throws: (any Error).self) { try WidgetArguments.parse(arguments) }
    }

    @Test func anUnknownParkIsNamedWithSuggestions() {
        var arguments = QuickArguments()
        #expect(throws: WidgetOptionError.self) { try WidgetOption.park.read("banpoo", into: &arguments) }
        do {
            try WidgetOption.park.read("banpoo", into: &arguments)
        } catch {
            #expect(error.text(Localizer(.en)).contains("banpoo"))
            #expect(error.text(Localizer(.en)).contains("banpo"))
        }
    }
}
