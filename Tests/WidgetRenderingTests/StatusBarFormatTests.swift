import Foundation
import Localization
import Models
import TestFixtures
import Testing
import WidgetRendering
import WidgetSnapshot

/// Each status bar's markup: text from outside is shown as written, and the line fits where the bar puts it.
@Suite struct StatusBarFormatTests {
    func entries(_ now: Date) throws -> [WidgetEntry] {
        let summary = try Fixtures.homeSummary()
        let states: [WidgetEntry.State] = [
            .current, .stale(reason: Reason(.reasonSourceStale)),
            .unavailable(reason: Reason(.reasonConnectionRefused)),
        ]
        var entries: [WidgetEntry] = []
        for park in Catalog.bundled.parks {
            for kind in WidgetKind.allCases {
                for state in states {
                    var snapshot: WidgetSnapshot? =
                        if case .unavailable = state { nil } else {
                            SnapshotBuilder.build(kind, from: summary, now: summary.generatedAt)
                        }
                    snapshot?.parkId = park.id
                    snapshot?.parkNameEn = park.shortNameEn
                    snapshot?.parkNameKo = park.shortNameKo
                    snapshot?.deepLink =
                        DeepLink(parkId: park.id, screen: kind == .parking ? .parking : .outing).description
                    entries.append(
                        WidgetEntry(kind: kind, parkId: park.id, snapshot: snapshot, state: state, nextRefresh: now))
                }
            }
        }
        return entries
    }

    @Test func waybarTextAndTooltipArePangoEscaped() throws {
        let summary = try Fixtures.homeSummary()
        var snapshot = SnapshotBuilder.build(.general, from: summary, now: summary.generatedAt)
        snapshot.general?.events = [PublicText(ko: "음악 & 푸드 <야시장>", en: "Music & Food <Night Market>")]
        snapshot.parkNameEn = "Yeouido \"A&B\""
        let entry = WidgetEntry(
            kind: .general, parkId: "yeouido", snapshot: snapshot, state: .current, nextRefresh: TestClock.now())
        let output = WidgetFormatter(language: .en, now: summary.generatedAt).render(entry, as: .waybar)
        let object = try #require(JSONSerialization.jsonObject(with: Data(output.text.utf8)) as? [String: Any])
        let tooltip = try #require(object["tooltip"] as? String)
        let text = try #require(object["text"] as? String)
        #expect(tooltip.contains("Music &amp; Food &lt;Night Market&gt;"))
        #expect(text.contains("Yeouido &quot;A&amp;B&quot;"))
        for markup in [tooltip, text] {
            #expect(!markup.contains("<") && !markup.contains(">"))
            // Every "&" starts an entity.
            let ampersands = markup.components(separatedBy: "&").dropFirst()
            #expect(
                ampersands.allSatisfy { piece in
                    ["amp;", "lt;", "gt;", "quot;", "#39;"].contains { piece.hasPrefix($0) }
                })
        }
    }

    @Test func tmuxLinesFitTheDefaultStatusWidthInBothLanguages() throws {
        let now = try Fixtures.homeSummary().generatedAt.addingTimeInterval(3600)
        for language in Language.allCases {
            let formatter = WidgetFormatter(language: language, now: now)
            for entry in try entries(now) {
                let line = formatter.render(entry, as: .tmux).text
                #expect(line.hasPrefix("#[fg=#") && line.hasSuffix("#[default]"))
                let shown = line.replacingOccurrences(of: #"#\[[^\]]*\]"#, with: "", options: .regularExpression)
                    .replacingOccurrences(of: "##", with: "#")
                #expect(
                    DisplayWidth.of(shown) <= StatusBarText.tmuxColumns,
                    "\(language) \(entry.kind) \(entry.parkId): \(shown)")
                #expect(!shown.contains("%%"))
            }
        }
    }

    @Test func polybarHasColourAndAClickThatOpensTheApp() throws {
        let now = try Fixtures.homeSummary().generatedAt
        let entry = try #require(
            try entries(now).first { $0.kind == .parking && $0.parkId == "banpo" && $0.state == .current })
        let line = WidgetFormatter(language: .en, now: now).render(entry, as: .polybar).text
        #expect(line.hasPrefix("%{F#"))
        #expect(line.contains(#"%{A1:xdg-open hangangjari\://park/banpo/parking:}P Banpo"#))
        #expect(line.hasSuffix("%{A}%{F-}"))
        #expect(StatusBarText.polybar("50%{F-}") == "50%\u{200B}{F-}")
    }

    @Test func barFormatsAreTheOnesThatKeepStderrClear() {
        #expect(WidgetFormat.allCases.filter(\.isStatusBar) == [.waybar, .i3blocks, .polybar, .tmux, .argos])
    }
}
