import AppCore
import Foundation
import Localization
import Models
import Repositories
import Storage
import TestFixtures
import Testing
import ValueWording
import WidgetRendering
import WidgetSnapshot

@testable import AppScreens
@testable import ScreenRows

/// The same data gets the same verdict in the app's header, the printed commands and `--json`, and the widget:
/// the same trust word and the same exit status.
@Suite struct OneVerdictTests {
    let fixture: HomeSummary

    init() throws {
        fixture = try Fixtures.homeSummary()
    }

    /// The fixture with every source of `names` in `state`.
    func summary(_ state: FreshnessState, sources names: Set<OpenEnum<SourceID>>) -> HomeSummary {
        var summary = fixture
        summary.freshness.sources = summary.freshness.sources.map { status in
            var status = status
            if names.contains(status.source) { status.state = .known(state) }
            return status
        }
        return summary
    }

    func appState(_ tab: AppTab, _ summary: HomeSummary, refreshFailure: Reason?) -> AppState {
        var state = AppState(parkId: summary.park.id, settings: Settings(), simulatedBackend: true)
        state.tab = tab
        let trust: LoadTrust = refreshFailure.map { .stale(reason: $0) } ?? .current
        state.parks[summary.park.id] = ParkState(
            summary: Loaded(value: summary, origin: .network, trust: trust, fetchedAt: summary.generatedAt))
        return state
    }

    /// The widget's entry for the same summary: built and shown, or the last snapshot after a failed fetch.
    func widgetEntry(_ kind: WidgetKind, _ summary: HomeSummary, refreshFailure: Reason?) async throws -> WidgetEntry {
        let container = SharedContainer(
            url: FileManager.default.temporaryDirectory.appendingPathComponent("verdict-\(UUID().uuidString)"))
        defer { try? FileManager.default.removeItem(at: container.url) }
        let store = SnapshotStore(container: container)
        try store.writeBoth(from: summary, now: summary.generatedAt)
        let loader = WidgetEntryLoader(
            store: store,
            fetch: { _ in
                if let refreshFailure { throw refreshFailure }
                return summary
            }, now: { summary.generatedAt.addingTimeInterval(1) })
        return await loader.load(kind, park: summary.park.id, maxAge: 0)
    }

    static let states: [FreshnessState] = FreshnessState.allCases
    static let failures: [Reason?] = [nil, Reason(.reasonConnectionRefused)]

    /// Every state of the screen's main sources, and of the others it shows, with and without a failed refresh.
    @Test(arguments: states, failures)
    func theAppAndTheWidgetGiveTheSameVerdict(_ state: FreshnessState, _ failure: Reason?) async throws {
        let cases = [(AppTab.parking, WidgetKind.parking), (.outing, .general)].flatMap { tab, kind in
            [Freshness.mainSources(of: tab.screen), Set(SourceID.allCases)].map { (tab, kind, $0) }
        }
        for (tab, kind, changed) in cases {
            let summary = summary(state, sources: Set(changed.map(OpenEnum.known)))
            let app = JSONOutput.verdict(tab, appState(tab, summary, refreshFailure: failure))
            let widget = try await widgetEntry(kind, summary, refreshFailure: failure)
            #expect(app == widget.state, "\(tab) \(state) \(String(describing: failure))")
            #expect(
                app.exitStatus
                    == WidgetFormatter(language: .en, now: summary.generatedAt).render(widget, as: .text).exitCode)
            let json =
                try JSONSerialization.jsonObject(
                    with: JSONOutput.render(tab, appState(tab, summary, refreshFailure: failure))) as? [String: Any]
            let widgetJSON = WidgetFormatter(language: .en, now: summary.generatedAt).render(widget, as: .json).text
            let widgetObject = try JSONSerialization.jsonObject(with: Data(widgetJSON.utf8)) as? [String: Any]
            #expect(json?["trust"] as? String == widgetObject?["trust"] as? String)
        }
    }

    @Test func everySourceStaleIsStaleInHomeJSONWithExitThree() throws {
        let summary = summary(.stale, sources: Set(fixture.freshness.sources.map(\.source)))
        let verdict = JSONOutput.verdict(.home, appState(.home, summary, refreshFailure: nil))
        #expect(verdict == .stale(reason: Reason(.reasonSourceStale)))
        #expect(verdict.exitStatus == ExitStatus.stale)
        #expect(
            !Frame.printed(appState(.home, summary, refreshFailure: nil), context(summary)).map(\.text).contains {
                $0.contains("Showing the last values")
            })
        let header = Frame.printed(
            appState(.home, summary, refreshFailure: nil),
            ScreenContext(language: .en, now: summary.generatedAt, machineOffsetSeconds: 0, width: 80))
        #expect(header[0].text.contains("stale"))
    }

    func context(_ summary: HomeSummary, _ language: Language = .en) -> ScreenContext {
        ScreenContext(language: language, now: summary.generatedAt, machineOffsetSeconds: 0, width: 80)
    }

    /// A source outside a screen's main values that is down leaves the verdict current, and is named once with
    /// since when, in both languages; a main source down makes the verdict stale, named the same way.
    @Test(arguments: [Language.en, .ko])
    func aSourceDownAtTheSourceIsNamedNotCalledARefreshFailure(_ language: Language) throws {
        var summary = summary(.unavailable, sources: [.known(.weather)])
        let since = summary.generatedAt.addingTimeInterval(-50 * 60)
        for i in summary.freshness.sources.indices where summary.freshness.sources[i].source == .known(.weather) {
            summary.freshness.sources[i].lastSuccessAt = since
        }
        let l = Localizer(language)
        let ctx = context(summary, language)
        let home = appState(.home, summary, refreshFailure: nil)
        #expect(JSONOutput.verdict(.home, home) == .current)
        #expect(JSONOutput.verdict(.outing, home).exitStatus == ExitStatus.stale)
        let lines = Frame.printed(home, ctx).map(\.text)
        let note = l(.noteSourceDownSince, ctx.sourceName(.known(.weather)), l(.stateUnavailable), ctx.clock(since))
        #expect(lines.filter { $0 == note }.count == 1, "\(lines)")
        #expect(!lines.contains { $0.contains(l(.messageShowingStale, "").prefix(8)) })
        let printed = PrintedScreen.messages(.home, home, ctx)
        #expect(printed.isEmpty, "\(printed)")
        #expect(PrintedScreen.messages(.outing, home, ctx) == [note])
    }

    @Test func nothingToShowIsStillAJSONAnswerThatSaysWhy() throws {
        var state = AppState(parkId: "banpo", settings: Settings(), simulatedBackend: false)
        state.parks["banpo"] = ParkState()
        state.parks["banpo"]?.unavailableReason = Reason(.reasonConnectionRefused)
        let object = try JSONSerialization.jsonObject(with: JSONOutput.render(.home, state)) as? [String: Any]
        #expect(object?["trust"] as? String == "unavailable")
        #expect(object?["staleReason"] as? String == "the server is not running or refused the connection")
        #expect(object?["park"] as? String == "banpo")
        #expect(JSONOutput.verdict(.home, state).exitStatus == ExitStatus.unavailable)
    }

    @Test(arguments: [Language.en, .ko])
    func afterAFailedRefreshNoSourceSaysFresh(_ language: Language) {
        let state = appState(.home, fixture, refreshFailure: Reason(.reasonTimeout))
        let ctx = ScreenContext(language: language, now: fixture.generatedAt, machineOffsetSeconds: 0, width: 80)
        let l = Localizer(language)
        let sources = Frame.printed(state, ctx).map(\.text).first { $0.hasPrefix(l(.labelSources)) } ?? ""
        #expect(!sources.isEmpty)
        #expect(!sources.contains(l(.stateFresh)), "\(sources)")
        #expect(sources.contains(l(.stateStale)))
    }

    /// Every status word, known or from a newer server, in both languages, at 80 columns: a gap before the time.
    @Test(arguments: [Language.en, .ko])
    func everyStatusWordKeepsItsColumn(_ language: Language) throws {
        let labels: [OpenEnum<LotStatusLabel>] =
            LotStatusLabel.allCases.map { .known($0) } + [.unknown("reserved_for_event")]
        let l = Localizer(language)
        for label in labels {
            var summary = fixture
            summary.parking.lots[0].status.label = label
            let ctx = ScreenContext(language: language, now: summary.generatedAt, machineOffsetSeconds: 0, width: 80)
            let lines = ParkingScreen.lines(
                summary, order: .recommendation, home: Coordinate(lat: 37.52, lon: 126.93), focused: nil, ctx)
            let word = l(ValueWords.label(label))
            let row = try #require(
                lines.map { $0.render(width: 80, mode: .plain, widths: .single, pad: false) }.first {
                    $0.contains(word) && $0.contains(":")
                })
            #expect(DisplayWidth.of(row) <= 80, "\(row)")
            let after = row[row.range(of: word)!.upperBound...]
            #expect(after.first == " ", "\(label.rawValue) runs into the next column: \(row)")
        }
        #expect(l(ValueWords.label(.unknown("reserved_for_event"))) != l(ValueWords.label(.known(.unknown))))
    }
}
