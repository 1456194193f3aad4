import Foundation
import Models
import Testing

/// "Where to go now": lots ranked by the chance of a space at arrival, then the drive; the unknown after the known,
/// the closed last; a lot closing soon after arrival left out.
@Suite struct ArrivalRankingTests {
    static let made = ISO8601.parse("2026-11-23T14:00:00+09:00")!
    let catalog = Catalog.bundled

    static func forecast(_ lot: LotID, p50: Int, risk: Double) -> ParkingForecast {
        ParkingForecast(
            lotId: lot,
            points: stride(from: 30, through: 180, by: 30).map { minutes in
                ForecastPoint(
                    at: made.addingTimeInterval(TimeInterval(minutes * 60)), minutesAhead: minutes,
                    p10: max(0, p50 - 20),
                    p50: p50, p90: p50 + 20, riskOfNoSpace: risk, confidence: .known(.high), reasons: [])
            })
    }

    static func entry(_ park: ParkID, _ lots: [(LotID, Int, Double)], state: FreshnessState = .fresh)
        -> ParkLotForecasts
    {
        ParkLotForecasts(
            parkId: park,
            lots: lots.map {
                LotStatus(lotId: $0.0, available: $0.1, capacity: 500, observedAt: made, label: .known(.available))
            },
            forecasts: lots.map { forecast($0.0, p50: $0.1, risk: $0.2) }, roadTraffic: nil,
            freshness: Freshness(sources: [
                SourceStatus(
                    source: .known(.parking), sourceName: "test", state: .known(state), observedAt: made,
                    lastSuccessAt: made, simulated: true)
            ]))
    }

    static let answer = LotForecastsResponse(
        generatedAt: made, horizonMinutes: 180,
        parks: [
            entry("banpo", [("banpo-1", 5, 0.7), ("banpo-2-3", 150, 0.02), ("jamsil-1", 300, 0)]),
            entry("jamwon", [("jamwon-1", 120, 0.01)]),
            entry("jamsil", [("jamsil-1", 300, 0)], state: .stale),
        ])

    func rank(in minutes: Int, _ answer: LotForecastsResponse? = answer, now: Date = made) -> [ArrivalCandidate] {
        ArrivalRanking.rank(answer, catalog: catalog, now: now) { _, _ in minutes }
    }

    @Test func theKnownComeFirstByTheirChanceThenTheUnknown() throws {
        let ranked = rank(in: 40)
        #expect(ranked.prefix(3).map(\.lot.id) == ["jamwon-1", "banpo-2-3", "banpo-1"])
        #expect(ranked[0].chanceOfSpace == 0.99)
        #expect(ranked[0].estimate?.p50 == 120)
        // Banpo 1 is likely full already at the first step (its risk is 0.7 from the live count's next point on).
        #expect(ranked[2].likelyFullAt != nil)
        let jamsil = try #require(ranked.first { $0.lot.id == "jamsil-1" })
        // Jamsil's own entry is stale: its lot is unknown, whatever another park's entry says of it.
        #expect(jamsil.standing == .unknown(.stale(observedAt: Self.made)))
        let yeouido = try #require(ranked.first { $0.lot.id == "yeouido-1" })
        #expect(yeouido.standing == .unknown(.notInAnswer))
        #expect(ranked.firstIndex { $0.estimate == nil }! == 3)
        #expect(ranked.count == catalog.lots.count)
    }

    @Test func theDriveBreaksATieAndNoAnswerLeavesEveryLotUnknown() {
        let tied = LotForecastsResponse(
            generatedAt: Self.made, horizonMinutes: 180,
            parks: [Self.entry("banpo", [("banpo-1", 100, 0), ("banpo-2-3", 100, 0)])])
        let ranked = ArrivalRanking.rank(tied, catalog: catalog, now: Self.made) { lot, _ in
            lot.id == "banpo-1" ? 30 : 20
        }
        #expect(ranked.prefix(2).map(\.lot.id) == ["banpo-2-3", "banpo-1"])
        // Equal chance and drive: more spaces in the pessimistic case first.
        let spaces = LotForecastsResponse(
            generatedAt: Self.made, horizonMinutes: 180,
            parks: [Self.entry("banpo", [("banpo-1", 60, 0), ("banpo-2-3", 200, 0)])])
        #expect(rank(in: 40, spaces).prefix(2).map(\.lot.id) == ["banpo-2-3", "banpo-1"])
        #expect(rank(in: 40, nil).allSatisfy { $0.standing == .unknown(.noAnswer) })
    }

    @Test func aLotClosingSoonAfterArrivalIsOutAndAClosedOneSaysWhenItOpens() throws {
        // 22:40 + 40 min = 23:20: every lot (06:00-23:00) is closed then, each says it opens at 06:00.
        let late = ISO8601.parse("2026-11-23T22:40:00+09:00")!
        let closed = rank(in: 40, now: late)
        #expect(closed.allSatisfy { $0.standing == .closed(opensAt: ISO8601.parse("2026-11-24T06:00:00+09:00")!) })
        // 22:00 + 40 min = 22:40: every lot closes within 30 minutes of arrival, so none is a candidate.
        #expect(rank(in: 40, now: ISO8601.parse("2026-11-23T22:00:00+09:00")!).isEmpty)
    }

    @Test func anAnswerOfAnotherDayOrBeyondItsReachIsUnknown() throws {
        let tomorrow = Self.made.addingTimeInterval(86_400)
        let ranked = rank(in: 10, now: tomorrow)
        #expect(ranked.allSatisfy { $0.estimate == nil })
        #expect(ranked.contains { $0.standing == .unknown(.anotherDay(Self.made)) })
        let far = rank(in: 170, now: Self.made.addingTimeInterval(20 * 60))
        #expect(far.first { $0.lot.id == "jamwon-1" }?.standing == .unknown(.beyondReach))
    }
}

@Suite struct ArrivalMinuteTests {
    /// Readers ranking within one minute (the page, the terminal, the widget) estimate the same instant.
    @Test func anArrivalIsTheStartOfItsMinute() throws {
        let now = try #require(ISO8601.parse("2026-11-22T14:00:42+09:00"))
        let ranked = ArrivalRanking.rank(nil, arrival: .inMinutes(40), catalog: .bundled, now: now)
        #expect(ranked.allSatisfy { $0.arrival == ISO8601.parse("2026-11-22T14:40:00+09:00") })
        #expect(ArrivalRanking.Arrival.chosen(minutes: nil, home: nil) == .inMinutes(30))
        let home = Coordinate(lat: 37.5665, lon: 126.9780)
        #expect(ArrivalRanking.Arrival.chosen(minutes: nil, home: home) == .drive(from: home))
        #expect(ArrivalRanking.Arrival.chosen(minutes: 10, home: home) == .inMinutes(10))
    }
}
