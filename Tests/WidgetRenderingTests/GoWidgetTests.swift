import Foundation
import Localization
import Models
import TestFixtures
import Testing
import ValueWording
import WidgetRendering
import WidgetSnapshot

/// The go widget: the lot most likely to have a space at arrival in one status-bar line, ranked when shown from the
/// snapshot of every lot's forecast; an old snapshot is said to be old, and an answer of another day names no lot.
@Suite struct GoWidgetTests {
    let answer: LotForecastsResponse
    var now: Date { answer.generatedAt.addingTimeInterval(60) }

    init() throws {
        answer = try ContractCoding.decode(
            LotForecastsResponse.self, from: Fixtures.contract("lot-forecasts-response.json"))
    }

    func entry(_ state: WidgetEntry.State = .current, answer: LotForecastsResponse? = nil, builtAt: Date? = nil)
        -> WidgetEntry
    {
        let snapshot = SnapshotBuilder.go(answer ?? self.answer, park: "yeouido", now: builtAt ?? now)
        return WidgetEntry(kind: .go, parkId: "yeouido", snapshot: snapshot, state: state, nextRefresh: now)
    }

    func formatter(_ language: Language, minutes: Int = 40) -> WidgetFormatter {
        WidgetFormatter(language: language, now: now, arrival: .inMinutes(minutes))
    }

    @Test func namesTheBestLotItsSpacesAndTheArrivalInBothLanguages() throws {
        let best = try #require(ArrivalRanking.rank(answer, arrival: .inMinutes(40), catalog: .bundled, now: now).first)
        let p50 = try #require(best.estimate?.p50)
        let english = formatter(.en).render(entry(), as: .text)
        #expect(english.exitCode == 0)
        let lines = english.text.split(separator: "\n").map(String.init)
        #expect(lines[0] == "→ \(best.lot.nameEn) ~\(Localizer.grouped(p50)) at 14:41", "\(english.text)")
        #expect(lines[1] == "Where to park, arriving 14:41 (in 40 min)")
        #expect(lines[2].hasPrefix("1. \(best.lot.nameEn) · ") && lines[2].contains("% chance"), "\(lines[2])")
        #expect(lines.contains { $0.hasPrefix("3. ") } && !lines.contains { $0.hasPrefix("4. ") })
        let korean = formatter(.ko).render(entry(), as: .text)
        #expect(korean.text.hasPrefix("→ \(best.lot.nameKo) 약 \(Localizer.grouped(p50))면 (14:41)"), "\(korean.text)")

        let waybar = formatter(.en).render(entry(), as: .waybar)
        let object = try #require(JSONSerialization.jsonObject(with: Data(waybar.text.utf8)) as? [String: Any])
        #expect(object["alt"] as? String == "go")
        #expect(object["percentage"] as? Int == ArrivalWords.percent(best.chanceOfSpace ?? 0))
        let argos = formatter(.en).render(entry(), as: .argos)
        #expect(
            argos.text.contains(
                "href=hangangjari://park/\(best.lot.parkId.rawValue)/parking?lot=\(best.lot.id.rawValue)"))
        let json = formatter(.en).render(entry(), as: .json)
        let document = try #require(JSONSerialization.jsonObject(with: Data(json.text.utf8)) as? [String: Any])
        #expect(document["kind"] as? String == "go" && document["park"] as? String == best.lot.parkId.rawValue)
    }

    @Test func anOldSnapshotSaysItsAgeAndAnotherDayNamesNoLot() {
        let stale = formatter(.en).render(
            entry(.stale(reason: Reason(.reasonConnectionRefused))), as: .text)
        #expect(stale.exitCode == ExitStatus.stale)
        #expect(stale.text.split(separator: "\n")[0].hasSuffix("· 1 min old"), "\(stale.text)")

        var yesterday = answer
        yesterday.generatedAt = answer.generatedAt.addingTimeInterval(-86_400)
        let old = formatter(.en).render(entry(answer: yesterday), as: .text)
        #expect(old.text.hasPrefix("→ no lot known"), "\(old.text)")
        #expect(old.text.contains("unknown: the forecast is from 11-21"), "\(old.text)")
        let none = WidgetFormatter(language: .en, now: now).render(
            WidgetEntry(
                kind: .go, parkId: "yeouido", snapshot: nil, state: .unavailable(reason: Reason(.reasonGoNoAnswer)),
                nextRefresh: now), as: .text)
        #expect(none.text.hasPrefix("→ no data"))
        #expect(none.exitCode == ExitStatus.unavailable)
    }

    /// At 02:00 every lot is closed at 02:40 (they open 06:00-23:00): the line says when the first opens, the
    /// details list the lots with their opening, and the class is unknown, never a chance.
    @Test func atNightTheLineSaysWhenTheFirstLotOpens() throws {
        var night = answer
        night.generatedAt = answer.generatedAt.addingTimeInterval(-12 * 3600)
        let at = night.generatedAt.addingTimeInterval(60)
        let snapshot = SnapshotBuilder.go(night, park: "yeouido", now: at)
        let entry = WidgetEntry(kind: .go, parkId: "yeouido", snapshot: snapshot, state: .current, nextRefresh: at)
        let english = WidgetFormatter(language: .en, now: at, arrival: .inMinutes(40)).render(entry, as: .text)
        let lines = english.text.split(separator: "\n").map(String.init)
        #expect(lines[0] == "→ every lot closed, first opens 06:00", "\(english.text)")
        #expect(lines[2].hasPrefix("1. ") && lines[2].hasSuffix("closed at 02:41, opens 06:00"), "\(lines[2])")
        let korean = WidgetFormatter(language: .ko, now: at, arrival: .inMinutes(40)).render(entry, as: .text)
        #expect(korean.text.hasPrefix("→ 모든 주차장 닫힘, 06:00에 처음 열림"), "\(korean.text)")
        let waybar = WidgetFormatter(language: .en, now: at, arrival: .inMinutes(40)).render(entry, as: .waybar)
        let object = try #require(JSONSerialization.jsonObject(with: Data(waybar.text.utf8)) as? [String: Any])
        #expect(object["class"] as? [String] == ["fresh", "unknown"] && object["percentage"] == nil, "\(waybar.text)")
    }
}
