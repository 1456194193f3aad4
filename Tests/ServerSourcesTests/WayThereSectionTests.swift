import Foundation
import Models
import ServerSources
import Testing

/// The way-there lists as every source hands them on: simulated plausibly for every park, split by kind, placed
/// among the lots, and read back from what an older build stored.
@Suite struct WayThereSectionTests {
    let yeouido = Catalog.bundled.parks.first { $0.id == "yeouido" }!
    let noon = ISO8601.parse("2026-05-16T12:02:00+09:00")!

    @Test func theSimulationGivesEveryParkEveryListAtRealisticPlaces() async {
        let source = SimulatedSource(catalog: .bundled)
        for park in Catalog.bundled.parks {
            for kind in SourceKind.wayThere where kind != .roadControls {
                guard case .ok(let reading) = await source.wayThere(kind, park, at: noon) else {
                    Issue.record("\(park.id.rawValue) has no \(kind.rawValue)")
                    continue
                }
                #expect(
                    !reading.lists.isEmpty(kind)
                        && reading.lists.observedAt(kind)
                            == SimulationModel.date(
                                ofBucket: SimulationModel.bucket(noon))
                )
                // Only the kind's own list is filled.
                #expect(SourceKind.wayThere.filter { !reading.lists.isEmpty($0) } == [kind])
            }
            let all = source.model.wayThere(park, at: noon)
            let positions =
                all.bikeStations.compactMap(\.coordinate) + all.subwayStations.compactMap(\.coordinate)
                + all.chargingStations.compactMap(\.coordinate)
            #expect(positions.allSatisfy { $0.isInSeoul && $0.distance(to: park.coordinate) < 3_000 })
            #expect(all.chargingStations.allSatisfy { $0.total == 4 })
        }
    }

    @Test func chargersFindTheirNearestLotAndRoadWorksTheLotsBesideThem() throws {
        let lots = Catalog.bundled.lots(in: "yeouido")
        let lot2 = try #require(lots.first { $0.id == "yeouido-2" })
        let beside = Coordinate(lat: lot2.coordinate.lat + 0.001, lon: lot2.coordinate.lon)  // about 110 m north
        let far = Coordinate(lat: 37.50, lon: 126.90)
        let placed = WayThere(
            chargingStations: [
                ChargingStation(
                    id: "A", name: "A", address: nil, coordinate: beside, hours: nil, paidParking: nil, chargers: [],
                    observedAt: nil),
                ChargingStation(
                    id: "B", name: "B", address: nil, coordinate: nil, hours: nil, paidParking: nil, chargers: [],
                    observedAt: nil),
            ],
            roadControls: [
                RoadControl(
                    type: nil, detail: nil, info: PublicText(ko: "통제"), since: nil, expectedClear: nil,
                    observedAt: nil, coordinate: beside),
                RoadControl(
                    type: nil, detail: nil, info: PublicText(ko: "먼 곳"), since: nil, expectedClear: nil,
                    observedAt: nil, coordinate: far),
            ]
        ).placed(among: lots)
        #expect(placed.chargingStations[0].nearestLotId == "yeouido-2")
        #expect((100...120).contains(placed.chargingStations[0].nearestLotMeters ?? 0))
        #expect(placed.chargingStations[1].nearestLotId == nil)
        #expect(placed.roadControls.map(\.nearLotIds) == [["yeouido-2"], []])
    }

    @Test func whatAnOlderBuildStoredReadsWithEmptyWayThereSlots() throws {
        var collected = CollectedPark()
        collected.version = 7
        let stored = try JSONEncoder().encode(collected)
        var object = try #require(try JSONSerialization.jsonObject(with: stored) as? [String: Any])
        for key in ["bikes", "subway", "buses", "chargers", "roadControls"] { object[key] = nil }
        let older = try JSONSerialization.data(withJSONObject: object)
        let read = try JSONDecoder().decode(CollectedPark.self, from: older)
        #expect(read.version == 7 && read.bikes.lastAttemptAt == nil && read.wayThere == WayThere())
    }
}
