import Foundation
import Models
import Testing

/// The rough drive: the straight line times the detour factor over the reported speed, or the stated default.
@Suite struct DriveTimeTests {
    let cityHall = Coordinate(lat: 37.5665, lon: 126.9780)

    @Test func theStraightLineTimesTheDetourOverTheSpeed() throws {
        let lot = try #require(Catalog.bundled.lot("ichon-1"))
        let metres = cityHall.distance(to: lot.coordinate)
        let expected = Int((metres * DriveTime.detourFactor / 1000 / 30 * 60).rounded(.up))
        #expect(try DriveTime.minutes(from: cityHall, to: lot.coordinate, speedKmh: 30) == expected)
        let slow = try DriveTime.minutes(from: cityHall, to: lot.coordinate, speedKmh: nil)
        #expect(slow == Int((metres * DriveTime.detourFactor / 1000 / DriveTime.defaultSpeedKmh * 60).rounded(.up)))
        // A stuck sensor's 0 km/h or 300 km/h is held to the range, never a drive of hours or of nothing.
        #expect(try DriveTime.minutes(from: cityHall, to: lot.coordinate, speedKmh: 300) >= 1)
        #expect(try DriveTime.minutes(from: cityHall, to: lot.coordinate, speedKmh: 0.1) <= 120)
        #expect(try DriveTime.minutes(from: lot.coordinate, to: lot.coordinate, speedKmh: 30) == 1)
        #expect(DriveTime.reportedSpeed(RoadTraffic(level: .known(.slow), speedKmh: 0)) == nil)
    }

    @Test func aStartOutsideSeoulIsOutsideTheModelsReach() throws {
        let busan = Coordinate(lat: 35.1, lon: 129.0)
        let lot = try #require(Catalog.bundled.lot("ichon-1"))
        #expect(throws: DriveTime.Refusal.outsideSeoul(busan)) {
            try DriveTime.minutes(from: busan, to: lot.coordinate, speedKmh: 30)
        }
    }
}
