import Foundation
import Models
import TestFixtures
import Testing

@Suite struct CatalogTests {
    let catalog = Catalog.bundled

    @Test func holdsElevenParksAndThirtyLots() {
        #expect(catalog.parks.count == 11)
        #expect(catalog.lots.count == 30)
        #expect(catalog.totalCapacity == 6_602)
        #expect(Set(catalog.parks.map(\.id)).count == 11)
        #expect(Set(catalog.lots.map(\.id)).count == 30)
        for lot in catalog.lots { #expect(catalog.park(lot.parkId) != nil, "lot \(lot.id.rawValue) has no park") }
        for park in catalog.parks { #expect(!catalog.lots(in: park.id).isEmpty) }
    }

    @Test func keepsTheLicenseAttribution() {
        #expect(catalog.attribution.contains("Seoul Metropolitan Government"))
        #expect(catalog.attribution.contains("KOGL"))
    }

    /// The compiled catalog must match the project's copy of the reference JSON (regenerate with
    /// `python3 Tools/catalog/generate-catalog.py`).
    @Test func compiledCatalogMatchesTheBundledJSON() throws {
        let url = Fixtures.repositoryRoot.appendingPathComponent("Modules/Models/Catalog/hangang-parks.json")
        let json = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let parks = try #require(json["parks"] as? [[String: Any]])
        let lots = try #require(json["lots"] as? [[String: Any]])
        #expect(parks.map { $0["id"] as? String } == catalog.parks.map(\.id.rawValue))
        #expect(lots.map { $0["id"] as? String } == catalog.lots.map(\.id.rawValue))
        for (raw, park) in zip(parks, catalog.parks) {
            #expect(raw["name_ko"] as? String == park.nameKo)
            #expect(raw["name_en"] as? String == park.nameEn)
            #expect(raw["citydata_area_code"] as? String == park.citydataAreaCode)
            #expect(raw["lat"] as? Double == park.coordinate.lat)
            #expect(raw["lon"] as? Double == park.coordinate.lon)
            #expect(raw["transit_hints"] as? [String] == park.transitHints)
        }
        for (raw, lot) in zip(lots, catalog.lots) {
            let fees = raw["fees_krw"] as? [String: Any]
            #expect(raw["park_id"] as? String == lot.parkId.rawValue)
            #expect(raw["name_ko"] as? String == lot.nameKo)
            #expect(raw["capacity"] as? Int == lot.capacity)
            #expect(raw["lat"] as? Double == lot.coordinate.lat)
            #expect(raw["lon"] as? Double == lot.coordinate.lon)
            #expect((raw["hours"] as? [String: String])?["open"] == lot.hours.open)
            #expect(fees?["basic_charge"] as? Int == lot.fees.basicCharge)
            #expect(fees?["additional_charge"] as? Int == lot.fees.additionalCharge)
            #expect(fees?["day_pass"] as? Int == lot.fees.dayPass)
            #expect(raw["free_minutes"] as? Int == lot.fees.freeMinutes)
            #expect(raw["phone"] as? String == lot.phone)
        }
    }

    @Test func findsParksByAnyName() {
        #expect(catalog.findPark("여의도")?.id == "yeouido")
        #expect(catalog.findPark("Banpo Hangang Park")?.id == "banpo")
        #expect(catalog.findPark("JAMSIL")?.id == "jamsil")
        #expect(catalog.findPark("yeoido") == nil)
        #expect(catalog.suggestions(for: "yeoido").first?.id == "yeouido")
        #expect(catalog.suggestions(for: "jamsill").first?.id == "jamsil")
    }

    @Test func parksRunWestToEast() {
        let order = catalog.parksWestToEast.map(\.id.rawValue)
        #expect(order.first == "gangseo")
        #expect(order.last == "gwangnaru")
    }

    @Test func nearestParkIsComputedLocally() {
        #expect(catalog.nearestPark(to: Coordinate(lat: 37.5219, lon: 126.9245))?.id == "yeouido")
    }

    @Test func feesAreAllOrNothingWithinTheGracePeriod() throws {
        let fees = try #require(catalog.lot("yeouido-1")).fees
        #expect(fees.charge(forMinutes: 10) == 0)
        #expect(fees.charge(forMinutes: 11) == 2_000)
        #expect(fees.charge(forMinutes: 30) == 2_000)
        #expect(fees.charge(forMinutes: 31) == 2_300)
        #expect(fees.charge(forMinutes: 60) == 2_900)
    }

    @Test func statusLabelsFollowTheCount() {
        #expect(LotStatus.label(available: nil, capacity: 100, isOpen: true) == .unknown)
        #expect(LotStatus.label(available: 0, capacity: 100, isOpen: true) == .full)
        #expect(LotStatus.label(available: 5, capacity: 100, isOpen: true) == .crowded)
        #expect(LotStatus.label(available: 20, capacity: 100, isOpen: true) == .normal)
        #expect(LotStatus.label(available: 80, capacity: 100, isOpen: true) == .available)
        #expect(LotStatus.label(available: 80, capacity: 100, isOpen: false) == .closed)
    }
}
