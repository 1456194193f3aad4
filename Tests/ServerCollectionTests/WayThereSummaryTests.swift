import Foundation
import Models
import ServerCollection
import ServerSources
import Testing

/// How the responses carry the way there: a road work at a lot's entrance is a reason on that lot's forecast while
/// it lasts, and the home summary keeps only the first screen's facts.
@Suite struct WayThereSummaryTests {
    let park = Catalog.bundled.park("yeouido")!
    let noon = ISO8601.parse("2026-08-26T12:00:00+09:00")!

    func point(_ minutes: Int) -> ForecastPoint {
        ForecastPoint(
            at: noon.addingTimeInterval(Double(minutes) * 60), minutesAhead: minutes, p10: 10, p50: 20, p90: 30,
            riskOfNoSpace: 0.1, confidence: .known(.medium), reasons: [.known(.latestValue)])
    }

    func collected(roadWorks: [RoadControl]) -> CollectedPark {
        var collected = CollectedPark()
        collected.forecast = ForecastOverview(
            parkId: park.id, generatedAt: noon, horizonMinutes: 180,
            park: ParkingForecast(lotId: nil, points: [point(30)]),
            lots: ["yeouido-1", "yeouido-2"].map {
                ParkingForecast(lotId: LotID($0), points: [point(30), point(120)])
            },
            crowd: CrowdForecast(points: [], confidence: .known(.low), basis: .known(.baseline)))
        collected.roadControls.apply(
            .ok(WayThereReading(lists: WayThere(roadControls: roadWorks))), now: noon
        ) { $0.lists.observedAt(.roadControls) }
        return collected
    }

    @Test func roadWorksAtALotsEntranceAreAReasonOnItsForecastWhileTheyLast() {
        let works = RoadControl(
            type: PublicText(ko: "공사"), detail: nil, info: PublicText(ko: "2개 차로 통제"), since: noon,
            expectedClear: noon.addingTimeInterval(3600), observedAt: noon, coordinate: nil,
            nearLotIds: ["yeouido-2"])
        let builder = SummaryBuilder(catalog: .bundled, source: SimulatedSource(catalog: .bundled))
        let overview = builder.forecastOverview(park: park, collected: collected(roadWorks: [works]), now: noon)
        let lot2 = overview.lots.first { $0.lotId == "yeouido-2" }!
        // At 12:30 the road works are on; at 14:00 they are expected to have cleared.
        #expect(lot2.points.map { $0.reasons.contains(.known(.roadWorks)) } == [true, false])
        #expect(lot2.points.map(\.p50) == [20, 20], "the numbers stay the forecaster's")
        let lot1 = overview.lots.first { $0.lotId == "yeouido-1" }!
        #expect(lot1.points.allSatisfy { !$0.reasons.contains(.known(.roadWorks)) })
        let away = RoadControl(
            type: nil, detail: nil, info: PublicText(ko: "먼 곳"), since: nil, expectedClear: nil, observedAt: noon,
            coordinate: nil)
        let none = builder.forecastOverview(park: park, collected: collected(roadWorks: [away]), now: noon)
        #expect(none.lots.allSatisfy { $0.points.allSatisfy { !$0.reasons.contains(.known(.roadWorks)) } })
    }
}
