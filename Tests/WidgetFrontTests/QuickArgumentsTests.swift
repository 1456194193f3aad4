import Localization
import Models
import Testing
import WidgetFront

@testable import WidgetSnapshot

@Suite struct QuickArgumentsTests {
    @Test func readsTheUsualStatusBarCommandLine() throws {
        let parsed = try #require(
            QuickArguments.parse([
                "--kind", "general", "--park=banpo", "--format", "waybar", "--max-age", "240",
                "--lang", "ko", "--deadline", "2", "--urgent-below", "20", "--api", "http://x", "--state-dir", "/s",
            ]))
        #expect(parsed.options.kind == .general && parsed.options.park == "banpo" && parsed.options.format == .waybar)
        #expect(
            parsed.options.maxAge == 240 && parsed.options.language == .ko && parsed.options.deadline == 2
                && parsed.options.urgentBelow == 20)
        #expect(parsed.api == "http://x" && parsed.stateDir == "/s")
        #expect(QuickArguments.parse([]) == QuickArguments())
        let go = try #require(QuickArguments.parse(["--kind", "go", "--in", "40"]))
        #expect(go.options.kind == .go && go.options.arrivalMinutes == 40)
    }

    /// Anything unusual goes to the full parser (help, usage errors), never guessed at.
    @Test(arguments: [
        ["--help"], ["-h"], ["--kind", "weather"], ["--park", "atlantis"], ["--format"], ["--max-age", "-1"],
        ["--lang", "fr"], ["--deadline", "0"], ["--verbose", "x"], ["positional"], ["--in", "-5"], ["--in", "10000"],
        ["--in", "soon"],
    ])
    func handsEverythingElseToTheFullParser(_ arguments: [String]) {
        #expect(QuickArguments.parse(arguments) == nil)
    }
}
