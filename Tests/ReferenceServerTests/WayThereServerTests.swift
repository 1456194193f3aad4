import CurlHTTP
import Foundation
import Models
import Synchronization
import TestFixtures
import TestSupport
import Testing

/// The way-there sections through the real server over loopback: read from the Seoul stand-in's recorded shapes,
/// each with its own source row, placed among the lots, and no facility made up on real data.
@Suite(.serialized) struct WayThereServerTests {
    static let instant = ISO8601.parse("2026-08-26T14:05:00+09:00")!

    /// How far the server's clock has been moved on after its collection.
    final class Later: Sendable {
        let seconds = Mutex<TimeInterval>(0)
    }
    let later = Later()

    func withServer(
        _ areas: [String: String] = ["POI105": "citydata-yeouido-poi105.json"],
        _ body: (SeoulStandIn, TestBackend) async throws -> Void
    ) async throws {
        let seoul = try SeoulStandIn(fixtures: areas)
        defer { seoul.stop() }
        let clock = TestClock.clock(Self.instant, since: Date())
        let later = later
        let server = try await TestBackend.start {
            $0.source = .seoul(key: "test-key", baseURL: seoul.baseURL)
            $0.now = { clock.now().addingTimeInterval(later.seconds.withLock { $0 }) }
        }
        defer { Task { await server.stop() } }
        await server.backend.collector.collectAll()
        try await body(seoul, server)
    }

    func get<T: Decodable & Sendable>(_ server: TestBackend, _ path: String, as type: T.Type) async throws -> T {
        let response = try await TestBackend.curl.send(
            HTTPRequest(url: server.baseURL + path, deadline: Date().addingTimeInterval(5)))
        return try ContractCoding.decode(T.self, from: response.body)
    }

    func row(_ outing: OutingSummary, _ id: SourceID) -> SourceStatus? {
        outing.sources.first { $0.source == .known(id) }
    }

    @Test func theOutingCarriesEverySectionWithItsOwnRowAndItsLots() async throws {
        try await withServer { _, server in
            let outing = try await get(server, "/v2/parks/yeouido/outing", as: OutingResponse.self).outing
            let way = try #require(outing.wayThere)
            #expect(way.bikeStations.map(\.bikes) == [12, 0] && way.bikeStations.first?.number == "4216")
            #expect(way.subwayStations.map(\.name) == ["여의나루", "여의도"])
            #expect(way.subwayStations.first?.arrivals.first?.words == "3분 후 (마포)")
            #expect(way.busStops.map(\.arsNumber) == ["19120"])
            let charger = try #require(way.chargingStations.first)
            #expect(charger.nearestLotId == "yeouido-2" && charger.count(.free) == 1 && charger.total == 4)
            #expect(way.roadControls.first?.nearLotIds == ["yeouido-2"])
            // Each list is as old as its own reading: the chargers and road works by their times, the rest by the call.
            let called = Self.instant
            #expect(row(outing, .bikes)?.state == .known(.fresh) && row(outing, .bikes)?.observedAt == called)
            #expect(row(outing, .subway)?.observedAt == called)
            #expect(row(outing, .chargers)?.observedAt == ISO8601.parse("2026-08-26T13:52:00+09:00"))
            #expect(row(outing, .roadControls)?.observedAt == ISO8601.parse("2026-08-26T13:50:00+09:00"))
            #expect(row(outing, .roadControls)?.simulated == false)
        }
    }

    @Test func realDataInventsNoFacilityAndSaysSo() async throws {
        try await withServer { _, server in
            let outing = try await get(server, "/v2/parks/yeouido/outing", as: OutingResponse.self).outing
            // The 따릉이 stations are the one facility with a source, at their real positions.
            #expect(outing.facilities.map(\.kind) == [.known(.bikeRental)])
            #expect(
                outing.facilities.first?.locations.map(\.coordinate) == [
                    Coordinate(lat: 37.5275, lon: 126.9349), Coordinate(lat: 37.527, lon: 126.9326),
                ])
            let facilities = try #require(row(outing, .facilities))
            #expect(facilities.state == .known(.unavailable) && facilities.simulated == false)
            #expect(facilities.reason?.code == .known(.noOpenSource))
        }
    }

    @Test func theHomeSummaryCarriesTheFirstScreensFactsAndTheParkStaysJudgedByItsOwnSources() async throws {
        try await withServer { _, server in
            let home = try await get(server, "/v2/parks/yeouido/home-summary", as: HomeSummary.self)
            let way = try #require(home.outing.wayThere)
            #expect(way.bikeStations.map(\.name) == ["한강공원 여의도나들목"])
            #expect(way.chargingStations.map(\.id) == ["HM110247"] && way.chargingStations.first?.address == nil)
            #expect(way.roadControls.count == 1 && way.subwayStations.isEmpty && way.busStops.isEmpty)
            #expect(home.outing.sources.compactMap(\.source.known).filter { $0 == .subway || $0 == .buses }.isEmpty)
            // A park's freshness is its parking, crowd, weather and events, not a train arrival.
            #expect(home.freshness.sources.compactMap(\.source.known) == [.parking, .crowd, .weather, .events])
        }
    }

    @Test func trainArrivalsGoStaleLongBeforeBikesAndCountDownFromTheirReading() async throws {
        try await withServer { _, server in
            let outing = try await get(server, "/v2/parks/yeouido/outing", as: OutingResponse.self).outing
            let arrival = try #require(outing.wayThere?.subwayStations.first?.arrivals.first)
            let observed = outing.wayThere?.subwayStations.first?.observedAt
            #expect(arrival.secondsLeft(observedAt: observed, now: Self.instant.addingTimeInterval(60)) == 120)
            #expect(arrival.secondsLeft(observedAt: observed, now: Self.instant.addingTimeInterval(181)) == nil)
            #expect(arrival.secondsLeft(observedAt: nil, now: Self.instant) == nil)
            // Seven minutes on, with no new reading: the trains are stale, the bikes not yet.
            later.seconds.withLock { $0 = 7 * 60 }
            let aged = try await get(server, "/v2/parks/yeouido/outing", as: OutingResponse.self).outing
            #expect(row(aged, .subway)?.state == .known(.stale) && row(aged, .buses)?.state == .known(.stale))
            #expect(row(aged, .bikes)?.state == .known(.fresh))
        }
    }

    @Test func aSectionOfUnknownTypeFailsAloneWithItsRowSayingWhy() async throws {
        let body = try SeoulStandIn.fixture("citydata-yeouido-poi105.json")
        var object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        var city = try #require(object["CITYDATA"] as? [String: Any])
        city["CHARGER_STTS"] = "점검중"
        object["CITYDATA"] = city
        let seoul = try SeoulStandIn(fixtures: [:])
        defer { seoul.stop() }
        seoul.serve("POI105", body: try JSONSerialization.data(withJSONObject: object))
        let clock = TestClock.clock(Self.instant, since: Date())
        let server = try await TestBackend.start {
            $0.source = .seoul(key: "test-key", baseURL: seoul.baseURL)
            $0.now = { clock.now() }
        }
        defer { Task { await server.stop() } }
        await server.backend.collector.collectAll()
        let outing = try await get(server, "/v2/parks/yeouido/outing", as: OutingResponse.self).outing
        #expect(row(outing, .chargers)?.state == .known(.unavailable))
        #expect(row(outing, .chargers)?.reason?.text == "CHARGER_STTS has an unknown shape")
        #expect(row(outing, .bikes)?.state == .known(.fresh) && outing.wayThere?.bikeStations.count == 2)
        #expect(outing.wayThere?.chargingStations.isEmpty == true)
    }
}
