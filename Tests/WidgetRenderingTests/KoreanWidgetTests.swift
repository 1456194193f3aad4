import Foundation
import Localization
import Models
import Storage
import TestFixtures
import Testing
import WidgetRendering
import WidgetSnapshot

/// Every widget entry in every human-readable format, in Korean, has no English outside the catalog.
@Suite struct KoreanWidgetTests {
    @Test func everyKoreanWidgetOutputIsFreeOfStrayEnglish() throws {
        let summary = try Fixtures.homeSummary()
        let now = summary.generatedAt.addingTimeInterval(600)
        let states: [WidgetEntry.State] = [
            .current, .stale(reason: Reason(.reasonSourceStale)), .stale(reason: Reason(.reasonNoAnswerWithin, 5.0)),
            .unavailable(reason: Reason(.reasonConnectionRefused)),
        ]
        var found: [String: String] = [:]
        for kind in WidgetKind.allCases {
            for state in states {
                let snapshot: WidgetSnapshot? =
                    if case .unavailable = state { nil } else {
                        SnapshotBuilder.build(kind, from: summary, now: summary.generatedAt)
                    }
                let entry = WidgetEntry(
                    kind: kind, parkId: "yeouido", snapshot: snapshot, state: state, nextRefresh: now,
                    writeProblem: Reason(.reasonLockTimeout, "/tmp/x"))
                let formatter = WidgetFormatter(language: .ko, now: now)
                for format in [WidgetFormat.text, .i3blocks, .polybar, .tmux, .argos] {
                    // tmux's and polybar's own markup (`#[default]`, `%{F-}`) is not text.
                    let text = formatter.render(entry, as: format).text.replacingOccurrences(of: "#[default]", with: "")
                        .replacingOccurrences(of: #"%\{[^}]*\}"#, with: "", options: .regularExpression)
                    for word in StrayEnglish.words(in: text) { found[word] = "\(format): \(text)" }
                }
            }
        }
        #expect(
            found.isEmpty,
            "English outside the catalog: \(found.map { "\($0.key) in “\($0.value)”" }.sorted().joined(separator: "\n"))"
        )
    }
}
