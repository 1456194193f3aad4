import AppCore
import Foundation
import Localization
import Models
import Repositories
import Storage
import TestFixtures
import Testing

@testable import AppScreens
@testable import ScreenRows

@Suite struct ScreenRenderingTests {
    let summary: HomeSummary

    init() throws {
        summary = try Fixtures.homeSummary()
    }

    func state(_ tab: AppTab, trust: LoadTrust = .current, home: Coordinate? = nil) -> AppState {
        var settings = Settings()
        settings.home = home
        settings.favorites = ["yeouido"]
        var state = AppState(parkId: "yeouido", settings: settings, simulatedBackend: true)
        state.tab = tab
        state.parks["yeouido"] = ParkState(
            summary: Loaded(value: summary, origin: .network, trust: trust, fetchedAt: summary.generatedAt))
        return state
    }

    func context(_ language: Language, width: Int = 80) -> ScreenContext {
        ScreenContext(
            language: language, now: summary.generatedAt.addingTimeInterval(120), machineOffsetSeconds: 0, width: width)
    }

    @Test(arguments: AppTab.allCases, [Language.en, .ko])
    func everyFrameFitsEightyByTwentyFour(_ tab: AppTab, _ language: Language) {
        let ctx = context(language)
        let lines = Frame.interactive(state(tab, home: Coordinate(lat: 37.52, lon: 126.93)), ctx, height: 24)
        #expect(lines.count == 24)
        for line in lines {
            let rendered = line.render(width: 80, mode: .plain, widths: .single, pad: true)
            #expect(DisplayWidth.of(rendered) == 80, "\(rendered)")
        }
        // No catalog key leaks through as text.
        let text = lines.map(\.text).joined(separator: "\n")
        for key in L10nKey.allCases where key.rawValue.contains(".") {
            #expect(!text.contains(key.rawValue), "\(key.rawValue) shown raw")
        }
    }

    @Test func homeSaysTheRecommendedLotWhyAndTheArrivalForecast() {
        let text = Frame.printed(state(.home), context(.en)).map(\.text).joined(separator: "\n")
        #expect(text.contains("Yeouido Hangang Park ★"))
        #expect(text.contains("Recommended"))
        #expect(text.contains("p10–p90"))
        #expect(text.contains("risk of no space"))
        let ko = Frame.printed(state(.home), context(.ko)).map(\.text).joined(separator: "\n")
        #expect(ko.contains("여의도한강공원") && ko.contains("추천"))
    }

    @Test func aStaleValueNeverLooksFresh() {
        let reason = Reason(.reasonConnectionRefused)
        let stale = Frame.printed(state(.home, trust: .stale(reason: reason)), context(.en))
        let header = stale[0].text
        #expect(header.contains("stale"))
        #expect(!header.contains("fresh"))
        #expect(stale.map(\.text).joined().contains("the server is not running"))
        let korean = Frame.printed(state(.home, trust: .stale(reason: reason)), context(.ko)).map(\.text).joined()
        #expect(korean.contains("서버가 꺼져 있거나 연결을 거부했어요"))
    }

    @Test func theMachineZoneIsNamedWhenItIsNotSeoul() {
        #expect(Frame.printed(state(.home), context(.en)).first?.text.contains("Seoul time") == true)
        var seoul = context(.en)
        seoul.machineOffsetSeconds = 9 * 3600
        #expect(Frame.printed(state(.home), seoul).first?.text.contains("Seoul time") == false)
    }

    @Test func koreanColumnsLineUpByDisplayWidth() {
        let lines = ParkingScreen.lines(summary, order: .recommendation, home: nil, focused: nil, context(.ko))
        // Every lot row puts its bar at the same column, whatever the name's width.
        let rows = lines.filter {
            $0.text.contains("/") && ($0.text.contains("█") || $0.text.contains("░") || $0.text.contains("·"))
        }
        let columns = Set(
            rows.map { row -> Int in
                let text = row.text
                let prefix = text[..<text.firstIndex { $0 == "█" || $0 == "░" || $0 == "·" }!]
                return DisplayWidth.of(String(prefix))
            })
        #expect(rows.count == summary.parking.lots.count)
        #expect(columns.count == 1)
    }

    @Test func plainModeHasNoEscapesAndNoColorKeepsAttributesOnly() {
        let line = Line([Span("fresh", .colored(.green, bold: true))])
        #expect(line.render(width: 80, mode: .plain, widths: .single, pad: false) == "fresh")
        #expect(
            line.render(
                width: 80, mode: .terminal(environment: ["NO_COLOR": "1", "TERM": "xterm"]), widths: .single, pad: false
            ) == "\u{1B}[1mfresh\u{1B}[0m")
        #expect(
            line.render(width: 80, mode: .terminal(environment: ["TERM": "xterm"]), widths: .single, pad: false)
                == "\u{1B}[1;32mfresh\u{1B}[0m")
    }

    @Test func wideTextIsCutOnCharacterBoundaries() {
        let rendered = Line("여의도한강공원").render(width: 7, mode: .plain, widths: .single, pad: true)
        #expect(DisplayWidth.of(rendered) == 7)
        #expect(rendered == "여의도…")
    }

    @Test func jsonCarriesTrustAndTheContractData() throws {
        let data = try JSONOutput.render(
            .parking, state(.parking, trust: .stale(reason: Reason(.reasonConnectionRefused))))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["trust"] as? String == "stale")
        #expect(object["staleReason"] as? String == "the server is not running or refused the connection")
        #expect(object["deepLink"] as? String == "hangangjari://park/yeouido/parking")
        let parking = try #require((object["data"] as? [String: Any])?["parking"] as? [String: Any])
        #expect(parking["parkId"] as? String == "yeouido")
    }
}

/// A terminal that draws ambiguous-width characters in two columns: every screen keeps its columns in both languages.
@Suite struct DoubleWidthScreenTests {
    @Test(arguments: [Language.en, .ko])
    func everyScreenFitsAndDrawsNoAmbiguousMark(_ language: Language) throws {
        let summary = try Fixtures.homeSummary()
        let ctx = ScreenContext(
            language: language, now: summary.generatedAt.addingTimeInterval(600), machineOffsetSeconds: 0, width: 80,
            ambiguous: .double)
        for tab in AppTab.allCases {
            var state = AppState(parkId: "yeouido", settings: Settings(), simulatedBackend: true)
            state.tab = tab
            state.parks["yeouido"] = ParkState(
                summary: Loaded(value: summary, origin: .network, trust: .current, fetchedAt: summary.generatedAt))
            for line in Frame.interactive(state, ctx, height: 40) {
                let drawn = line.render(width: 80, mode: .plain, widths: ctx.widths, pad: true)
                #expect(ctx.widths.of(drawn) == 80, "\(tab): \(drawn)")
                #expect(!drawn.contains { "·…←→●─°█".contains($0) }, "\(tab): \(drawn)")
            }
        }
    }

    @Test func theDirectionsCodeKeepsEveryModuleTwoColumnsWide() throws {
        let url = "https://map.kakao.com/link/to/x,37.5,127.0"
        let now = TestClock.now()
        let single = DirectionsCode.lines(
            url: url, ScreenContext(language: .en, now: now, machineOffsetSeconds: 0, width: 80))
        let doubled = DirectionsCode.lines(
            url: url, ScreenContext(language: .en, now: now, machineOffsetSeconds: 0, width: 80, ambiguous: .double))
        let code = single.filter { $0.spans.first?.style == .code }
        #expect(!code.isEmpty)
        for (narrow, wide) in zip(code, doubled) {
            #expect(wide.width(DisplayWidth(ambiguous: .double)) == 2 * narrow.width(.single))
        }
    }
}
