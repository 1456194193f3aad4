import Foundation
import Models
import Testing

@Suite struct ParkingClosureTests {
    let hours = OpeningHours(open: "06:00", close: "23:00")

    func seoul(_ text: String) -> Date { ISO8601.parse(text + "+09:00")! }

    @Test func theNextOpeningIsTodayBeforeItAndTomorrowAfter() {
        #expect(hours.nextOpening(after: seoul("2026-11-23T02:00:00")) == seoul("2026-11-23T06:00:00"))
        #expect(hours.nextOpening(after: seoul("2026-11-23T06:00:00")) == seoul("2026-11-23T06:00:00"))
        #expect(hours.nextOpening(after: seoul("2026-11-23T23:30:00")) == seoul("2026-11-24T06:00:00"))
        #expect(OpeningHours(open: "x", close: "23:00").nextOpening(after: seoul("2026-11-23T02:00:00")) == nil)
        #expect(OpeningHours(open: "00:00", close: "00:00").nextOpening(after: seoul("2026-11-23T02:00:00")) == nil)
    }

    func aggregate(_ labels: [LotStatusLabel], available: Int? = nil) -> ParkingAggregate {
        let lots = labels.enumerated().map { index, label in
            LotWithStatus(
                lot: ParkingLot(
                    id: LotID(rawValue: "lot-\(index)"), parkId: "banpo", nameKo: "", nameEn: "",
                    coordinate: Coordinate(lat: 37.5, lon: 127),
                    capacity: 100, hours: OpeningHours(open: index == 0 ? "06:00" : "07:00", close: "23:00"),
                    fees: Fees(basicMinutes: 30, basicCharge: 1000, additionalUnitMinutes: 10, additionalCharge: 200)),
                status: LotStatus(
                    lotId: LotID(rawValue: "lot-\(index)"), available: available, capacity: 100, observedAt: nil,
                    label: .known(label)))
        }
        return ParkingAggregate(parkId: "banpo", lots: lots, recommended: nil)
    }

    @Test func closedOnlyWhenEveryLotIsClosedAndThenUntilTheFirstOpens() {
        let night = seoul("2026-11-23T02:00:00")
        #expect(
            aggregate([.closed, .closed]).closure(at: night) == ParkingClosure(opensAt: seoul("2026-11-23T06:00:00")))
        #expect(aggregate([.closed, .available]).closure(at: night) == nil)
        #expect(aggregate([.unknown, .unknown]).closure(at: night) == nil)
        #expect(aggregate([]).closure(at: night) == nil)
        // Closed by a notice within opening hours (Seoul closes lots for floods): closed, reopening unknown.
        #expect(
            aggregate([.closed, .closed]).closure(at: seoul("2026-11-23T14:00:00")) == ParkingClosure(opensAt: nil))
    }
}

@Suite struct InitialConsonantSearchTests {
    @Test func initialConsonantsFindTheirPark() {
        #expect(Hangul.initialConsonants("반포한강공원") == "ㅂㅍㅎㄱㄱㅇ")
        #expect(Catalog.bundled.findPark("ㅂㅍ")?.id == "banpo")
        #expect(Catalog.bundled.findPark("ㅇㅇㄷ")?.id == "yeouido")
        #expect(Catalog.bundled.findPark("ㄸㅅ")?.id == "ttukseom")
        #expect(Catalog.bundled.findPark("ㅂㅍㅎㄱㄱㅇ")?.id == "banpo")
        #expect(Catalog.bundled.findPark("ㅎㅎ") == nil)
        // Every park's initials are its own.
        for park in Catalog.bundled.parks {
            #expect(Catalog.bundled.findPark(Hangul.initialConsonants(park.shortNameKo))?.id == park.id)
        }
    }
}
