import Foundation
import Localization
import Models
import Storage
import TestFixtures
import Testing
import WidgetRendering
import WidgetSnapshot

@Suite struct FormatTests {
    func entry(_ state: WidgetEntry.State = .current) throws -> WidgetEntry {
        let snapshot = SnapshotBuilder.build(.parking, from: try Fixtures.homeSummary(), now: TestClock.now())
        return WidgetEntry(
            kind: .parking, parkId: "yeouido", snapshot: snapshot, state: state, nextRefresh: TestClock.now())
    }

    @Test func waybarIsOneJSONLine() throws {
        let output = WidgetFormatter(language: .en, now: TestClock.now()).render(try entry(), as: .waybar)
        #expect(!output.text.contains("\n"))
        let object = try #require(JSONSerialization.jsonObject(with: Data(output.text.utf8)) as? [String: Any])
        #expect(object["text"] as? String == "P Yeouido 212/785 filling")
        #expect(object["percentage"] as? Int == 27)
        #expect((object["tooltip"] as? String)?.contains("Recommended: Yeouido Lot 3 212 spaces") == true)
    }

    @Test func i3blocksHasThreeLinesAndUrgency() throws {
        let output = WidgetFormatter(language: .en, now: TestClock.now(), urgentBelow: 300).render(
            try entry(), as: .i3blocks)
        #expect(output.text.split(separator: "\n").count == 3)
        #expect(output.exitCode == ExitStatus.urgent)
    }

    @Test func tmuxEscapesHashNotPercentAndArgosLinks() throws {
        var e = try entry()
        e.snapshot?.parkNameEn = "100% #1"
        let tmux = WidgetFormatter(language: .en, now: TestClock.now()).render(e, as: .tmux)
        // tmux does not time-expand #() output, so "%" stays single; "#" alone would start a style.
        #expect(tmux.text.contains("100% ##1"))
        #expect(!tmux.text.contains("%%"))
        let argos = WidgetFormatter(language: .en, now: TestClock.now()).render(try entry(), as: .argos)
        #expect(argos.text.split(separator: "\n")[1] == "---")
        #expect(argos.text.contains("href=hangangjari://park/yeouido/parking"))
    }

    @Test func refreshIsSoonerWhenBusyAndBacksOff() {
        let saturdayAfternoon = ISO8601.parse("2026-11-21T15:00:00+09:00")!
        let night = ISO8601.parse("2026-11-21T02:00:00+09:00")!
        #expect(RefreshPolicy.interval(at: saturdayAfternoon, failures: 0) == 300)
        #expect(RefreshPolicy.interval(at: night, failures: 0) == 3600)
        #expect(RefreshPolicy.interval(at: saturdayAfternoon, failures: 3) > 300)
    }

    @Test func languageFollowsTheLocale() {
        #expect(
            Language.resolve(flag: nil, configFile: nil, settings: nil, environment: ["LANG": "ko_KR.UTF-8"]) == .ko)
        #expect(
            Language.resolve(flag: "en", configFile: nil, settings: nil, environment: ["LANG": "ko_KR.UTF-8"]) == .en)
        #expect(
            Language.resolve(
                flag: nil, configFile: nil, settings: nil, environment: ["LC_ALL": "C.UTF-8", "LANG": "ko_KR"])
                == .en)
        #expect(Language.resolve(flag: nil, configFile: nil, settings: nil, environment: [:]) == .en)
    }
}
