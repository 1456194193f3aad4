import Foundation
import Models
import Testing

/// Reading a lot's forecast at any arrival minute: straight lines between neighbouring points, the live count as the
/// first point, nothing beyond the last point or across a closed stretch.
@Suite struct ArrivalEstimateTests {
    static let made = ISO8601.parse("2026-11-23T14:00:00+09:00")!

    static func point(_ minutes: Int, _ p10: Int, _ p50: Int, _ p90: Int, risk: Double) -> ForecastPoint {
        ForecastPoint(
            at: made.addingTimeInterval(TimeInterval(minutes * 60)), minutesAhead: minutes, p10: p10, p50: p50,
            p90: p90, riskOfNoSpace: risk, confidence: .known(.high), reasons: [])
    }

    static let forecast = ParkingForecast(
        lotId: "banpo-1", points: [point(30, 40, 60, 80, risk: 0.0), point(60, 0, 20, 40, risk: 0.4)])
    static let now = LotStatus(
        lotId: "banpo-1", available: 100, capacity: 200, observedAt: made, label: .known(.available))

    func at(_ minutes: Double) -> Date { Self.made.addingTimeInterval(minutes * 60) }

    @Test func betweenTwoPointsEachNumberMovesInAStraightLine() throws {
        let halfway = try #require(Self.forecast.estimate(at: at(45), now: Self.now))
        #expect(halfway.p10 == 20 && halfway.p50 == 40 && halfway.p90 == 60)
        #expect(halfway.riskOfNoSpace == 0.2)
        let onPoint = try #require(Self.forecast.estimate(at: at(60), now: Self.now))
        #expect(onPoint.p50 == 20 && onPoint.riskOfNoSpace == 0.4)
    }

    @Test func theLiveCountIsThePointAtItsObservation() throws {
        let soon = try #require(Self.forecast.estimate(at: at(15), now: Self.now))
        #expect(soon.p10 == 70 && soon.p50 == 80 && soon.p90 == 90)
        let full = LotStatus(lotId: "banpo-1", available: 0, capacity: 200, observedAt: Self.made, label: .known(.full))
        #expect(try #require(Self.forecast.estimate(at: at(0), now: full)).riskOfNoSpace == 1)
        // Without a live count, nothing is read before the first point.
        #expect(Self.forecast.estimate(at: at(15), now: nil) == nil)
    }

    @Test func nothingBeyondTheLastPointOrAcrossAClosedStretch() {
        #expect(Self.forecast.estimate(at: at(61), now: Self.now) == nil)
        let gap = ParkingForecast(
            lotId: "banpo-1", points: [Self.point(30, 40, 60, 80, risk: 0), Self.point(120, 40, 60, 80, risk: 0)])
        #expect(gap.estimate(at: at(90), now: Self.now) == nil)
        #expect(ParkingForecast(lotId: "banpo-1", points: []).estimate(at: at(30), now: Self.now) == nil)
    }
}
