import AppCore
import Foundation
import Localization
import Models
import Repositories
import Storage
import TestFixtures
import Testing

@testable import ScreenRows

/// The way there on the outing tab and the first screen: read from the park's whole outing when the app has it,
/// live trains in place of the static hints only while they are current, and no facility count made up.
@Suite struct WayThereScreenTests {
    let summary: HomeSummary
    let outing: OutingResponse

    init() throws {
        summary = try Fixtures.homeSummary()
        outing = try ContractCoding.decode(OutingResponse.self, from: try Fixtures.contract("outing-response.json"))
    }

    func state(_ tab: AppTab, outing: OutingResponse?) -> AppState {
        var state = AppState(parkId: "yeouido", settings: Settings(), simulatedBackend: true)
        state.tab = tab
        var park = ParkState(
            summary: Loaded(value: summary, origin: .network, trust: .current, fetchedAt: summary.generatedAt))
        park.outing = outing.map { Loaded(value: $0, origin: .network, trust: .current, fetchedAt: $0.generatedAt) }
        state.parks["yeouido"] = park
        return state
    }

    /// One minute after the outing's readings (14:00), unless said.
    func text(_ tab: AppTab, _ language: Language, outing: OutingResponse?, at: String = "14:01") -> String {
        let ctx = ScreenContext(
            language: language, now: ISO8601.parse("2026-11-22T\(at):00+09:00")!, machineOffsetSeconds: 0, width: 120)
        return Frame.printed(state(tab, outing: outing), ctx).map(\.text).joined(separator: "\n")
    }

    @Test func theOutingTabListsTheWholeWayThereWithLiveTrains() {
        let ko = text(.outing, .ko, outing: outing)
        #expect(ko.contains("따릉이") && ko.contains("한강공원 여의도나들목 12대") && ko.contains("여의나루역 1번출구 0대"))
        #expect(ko.contains("5호선 여의나루: 2분 후 방화행"))
        #expect(ko.contains("여의도한강공원 (19120) · 261 3분후[1번째 전]"))
        #expect(ko.contains("여의도한강공원 제2주차장: 3/5기 사용 가능 · 급속 0/1기 · 여의도2주차장 옆 (90 m)"))
        #expect(ko.contains("여의동로 2개 차로 통제 · 18:00까지 — 여의도2주차장 입구"))
        // The live trains replace the static hints.
        #expect(!ko.contains("2·3번 출구") && !ko.contains("exits 2/3"))
        let en = text(.outing, .en, outing: outing)
        #expect(en.contains("Line 5 여의나루: 2 min towards 방화") && en.contains("12 bikes"))
        #expect(en.contains("2 lanes closed on Yeouidong-ro · until 18:00 — at the entrance of Yeouido Lot 2"))
    }

    @Test func staleOrPassedTrainsLeaveTheStaticHints() {
        // Ten minutes on, every reported train has come and gone.
        let later = text(.outing, .en, outing: outing, at: "14:10")
        #expect(!later.contains("towards 방화") && later.contains("exits 2/3"))
        var stale = outing
        for i in stale.outing.sources.indices where stale.outing.sources[i].source == .known(.subway) {
            stale.outing.sources[i].state = .known(.stale)
        }
        let text = text(.outing, .en, outing: stale)
        #expect(!text.contains("towards 방화") && text.contains("exits 2/3"))
    }

    @Test func withoutTheWholeOutingTheTabShowsWhatTheHomeSummaryCarries() {
        let en = text(.outing, .en, outing: nil)
        #expect(en.contains("한강공원 여의도나들목 12 bikes") && !en.contains("여의나루역 1번출구"))
        #expect(!en.contains("Buses"))
        // Another park's outing changes nothing.
        var other = outing
        other.outing.parkId = "banpo"
        #expect(text(.outing, .en, outing: other) == en)
    }

    @Test func theFirstScreenSaysRoadWorksAtAnEntranceAndTheChargerBesideALot() {
        let en = text(.home, .en, outing: nil)
        #expect(en.contains("Road works") && en.contains("at the entrance of Yeouido Lot 2"))
        #expect(en.contains("EV charging") && en.contains("3 of 5 free"))
    }

    @Test func theOutingsJSONCarriesTheWholeWayThere() throws {
        let data = try JSONOutput.render(.outing, state(.outing, outing: outing))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let way = try #require(
            ((object["data"] as? [String: Any])?["outing"] as? [String: Any])?["wayThere"] as? [String: Any])
        #expect((way["busStops"] as? [Any])?.count == 1 && (way["bikeStations"] as? [Any])?.count == 2)
    }

    @Test func realDataSaysNoSourceInsteadOfAFacilityCount() {
        var real = outing
        real.outing.facilities = [
            FacilityGroup(
                kind: .known(.bikeRental), count: 2,
                locations: [
                    FacilityLocation(name: PublicText(ko: "가"), coordinate: Coordinate(lat: 37.52, lon: 126.93))
                ])
        ]
        real.outing.sources.append(
            SourceStatus(
                source: .known(.facilities), sourceName: "facility directory", state: .known(.unavailable),
                observedAt: nil, lastSuccessAt: nil, simulated: false, reason: SourceDetail(.noOpenSource)))
        var state = state(.outing, outing: nil)
        var home = summary
        home.outing = real.outing
        state.parks["yeouido"]?.summary = Loaded(
            value: home, origin: .network, trust: .current, fetchedAt: home.generatedAt)
        let ctx = ScreenContext(language: .en, now: home.generatedAt, machineOffsetSeconds: 0, width: 120)
        let text = Frame.printed(state, ctx).map(\.text).joined(separator: "\n")
        #expect(text.contains("bike rental 2 · other: no open source publishes it"))
        #expect(!text.contains("restrooms"))
    }
}
