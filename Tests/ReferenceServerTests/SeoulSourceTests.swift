import CurlHTTP
import Foundation
import Models
import TestFixtures
import TestSupport
import Testing

/// The Seoul citydata source through the real server over loopback, against a local stand-in for the Seoul API
/// serving the shapes real responses have, at 14:05 in Seoul on the fixtures' day.
@Suite(.serialized) struct SeoulSourceTests {
    static let instant = ISO8601.parse("2026-08-26T14:05:00+09:00")!
    static let areas = [
        "POI105": "citydata-yeouido-poi105.json", "POI072": "citydata-yeouido-poi072.json",
        "POI095": "citydata-banpo-no-match.json",
        "POI103": "citydata-yanghwa-xml.json", "POI093": "citydata-ttukseom-segments.json",
        "POI110": "citydata-unknown-shape.json",
        "POI108": "citydata-ichon-2023.json",
    ]

    /// A stand-in, and a server reading it on a clock pinned at `instant` plus `offset` seconds.
    func withServer(
        _ areas: [String: String] = areas, offset: ClockOffset = ClockOffset(),
        _ body: (SeoulStandIn, TestBackend) async throws -> Void
    ) async throws {
        let seoul = try SeoulStandIn(fixtures: areas)
        defer { seoul.stop() }
        // Its own `since`: the crowd's age is compared in minutes, so the suite's time before it must not move it.
        let clock = TestClock.clock(Self.instant, since: Date())
        let server = try await TestBackend.start {
            $0.source = .seoul(key: "test-key", baseURL: seoul.baseURL)
            $0.now = { clock.now().addingTimeInterval(offset.seconds) }
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

    func lot(_ summary: HomeSummary, _ id: LotID) -> LotStatus? {
        summary.parking.lots.first { $0.lot.id == id }?.status
    }

    @Test func lotsSplitAcrossAreasStaleRowsAndTheFeedsOwnCapacity() async throws {
        try await withServer { _, server in
            let s = try await get(server, "/v2/parks/yeouido/home-summary", as: HomeSummary.self)
            #expect(s.freshness["parking"]?.state == .known(.fresh))
            // 462 − 410, the newer area's row.
            #expect(lot(s, "yeouido-1")?.available == 52 && lot(s, "yeouido-1")?.capacity == 462)
            // A realtime row a year old is no current count, and says when it was taken.
            #expect(lot(s, "yeouido-2")?.available == nil)
            #expect(lot(s, "yeouido-2")?.observedAt == ISO8601.parse("2025-08-20T10:00:00+09:00"))
            // Not "800 free of 785".
            #expect(lot(s, "yeouido-3")?.available == 800 && lot(s, "yeouido-3")?.capacity == 800)
            #expect(lot(s, "yeouido-4")?.label == .known(.full))
            #expect(lot(s, "yeouido-5")?.available == 100)
            #expect(s.parking.totalAvailable == 952)
            #expect(s.freshness["parking"]?.unmatchedRows == ["여의도공원 공영주차장"])
            // Crowd 30 min behind is Seoul's usual lag: fresh, and it says so.
            #expect(s.freshness["crowd"]?.state == .known(.fresh))
            #expect(
                s.freshness["crowd"]?.reason?.code == .known(.publishedLate)
                    && s.freshness["crowd"]?.reason?.ageMinutes == 30)
            #expect(s.outing.signals.events.map(\.title.ko) == ["한강 여름 달빛 축제"])
            #expect(s.outing.signals.notices.contains { $0.kind == .known(.warning) && $0.text.ko.contains("폭염") })
            #expect(
                s.outing.signals.roadTraffic?.level == .known(.slow) && s.outing.signals.roadTraffic?.speedKmh == 18)
            #expect(s.outing.signals.weather?.forecast?.count == 24)
            #expect(s.forecast.sourceCrowd?.points.count == 12 && s.forecast.sourceCrowd?.basis == .known(.source))
            #expect(s.forecast.crowd.basis == .known(.baseline))
        }
    }

    @Test func zeroMatchedRowsAreNotFreshAndNameTheRows() async throws {
        try await withServer { _, server in
            let s = try await get(server, "/v2/parks/banpo/home-summary", as: HomeSummary.self)
            #expect(s.freshness["parking"]?.state == .known(.unavailable))
            #expect(s.freshness["parking"]?.reason?.code == .known(.noLotMatched))
            #expect(s.freshness["parking"]?.unmatchedRows == ["반포자이 공영주차장", "고속터미널 주차장"])
            #expect(s.parking.lots.allSatisfy { $0.status.available == nil && $0.status.observedAt == nil })
            #expect(s.outing.signals.notices.contains { $0.text.ko.contains("하천변") })
            let sources = try await get(server, "/v2/sources", as: SourcesResponse.self)
            let banpo = sources.parks.first { $0.parkId == "banpo" }?.sources.first { $0.source == "parking" }
            #expect(banpo?.unmatchedRows?.count == 2 && banpo?.state == .known(.unavailable))
        }
    }

    @Test func singleObjectsSegmentsSharedRowsUnknownShapesAndOldResponses() async throws {
        try await withServer { _, server in
            let yanghwa = try await get(server, "/v2/parks/yanghwa/home-summary", as: HomeSummary.self)
            #expect(
                lot(yanghwa, "yanghwa-3")?.available == 300 && yanghwa.freshness["parking"]?.state == .known(.fresh))
            let ttukseom = try await get(server, "/v2/parks/ttukseom/home-summary", as: HomeSummary.self)
            #expect(lot(ttukseom, "ttukseom-2")?.available == 56 && lot(ttukseom, "ttukseom-3")?.available == 100)
            let jamsil = try await get(server, "/v2/parks/jamsil/home-summary", as: HomeSummary.self)
            #expect(jamsil.freshness["parking"]?.state == .known(.unavailable))
            #expect(jamsil.freshness["parking"]?.detail?.contains("PRK_STTS") == true)
            #expect(jamsil.freshness["crowd"]?.state == .known(.fresh))
            // 2023 rows at a 2026 clock: matched (AREA_NM checked), never current; lots 3 and 4 counted together.
            let ichon = try await get(server, "/v2/parks/ichon/home-summary", as: HomeSummary.self)
            #expect(ichon.freshness["parking"]?.state == .known(.stale))
            #expect(ichon.freshness["parking"]?.reason?.code == .known(.olderThan))
            #expect(ichon.freshness["crowd"]?.state == .known(.stale))
            #expect(lot(ichon, "ichon-3")?.sharedWith == ["ichon-4"] && lot(ichon, "ichon-3")?.available == nil)
        }
    }

    /// A row counting lots 3 and 4 together, current and without its own capacity: both lots show the group's free
    /// spaces over the group's capacity (before: over one lot's), so /v2, the screens, the page and the widget agree.
    @Test func aSharedRowWithoutItsCapacityIsCountedOutOfItsLotsTogether() async throws {
        var object = try #require(
            try JSONSerialization.jsonObject(with: SeoulStandIn.fixture("citydata-ichon-2023.json")) as? [String: Any])
        var city = try #require(object["CITYDATA"] as? [String: Any])
        var rows = try #require(city["PRK_STTS"] as? [[String: Any]])
        rows[0]["CUR_PRK_TIME"] = "2026-08-26 14:00:00"
        rows[0]["CPCTY"] = nil
        city["PRK_STTS"] = rows
        object["CITYDATA"] = city
        var areas = Self.areas
        areas["POI108"] = nil
        let offset = ClockOffset()
        try await withServer(areas, offset: offset) { seoul, server in
            seoul.serve("POI108", body: try JSONSerialization.data(withJSONObject: object))
            offset.seconds = 301  // past the one call per area and interval
            await server.backend.collector.collectAll()
            let ichon = try await get(server, "/v2/parks/ichon/home-summary", as: HomeSummary.self)
            let together = ["ichon-3", "ichon-4"].compactMap { Catalog.bundled.lot(LotID($0))?.capacity }.reduce(0, +)
            for id in ["ichon-3", "ichon-4"] {
                let status = try #require(ichon.parking.lots.first { $0.lot.id == LotID(id) }?.status)
                #expect(status.capacity == together && status.available == together - 120, "\(id): \(status)")
            }
        }
    }

    @Test func oneCallPerAreaPerIntervalCountedInSources() async throws {
        let offset = ClockOffset()
        try await withServer(offset: offset) { seoul, server in
            #expect(seoul.calls("POI105") == 1 && seoul.calls("POI072") == 1)
            #expect(seoul.totalCalls == 12)  // 11 parks and Yeouido's neighbouring area, for every kind of source
            await server.backend.collector.collectAll()
            #expect(seoul.totalCalls == 12)  // within the interval: no new call
            offset.seconds = 301
            await server.backend.collector.collectAll()
            #expect(seoul.totalCalls == 24)
            let sources = try await get(server, "/v2/sources", as: SourcesResponse.self)
            #expect(sources.upstream?.callsToday == 24 && sources.upstream?.day == "2026-08-26")
            #expect(sources.upstream?.intervalSeconds == 300)
            // The same count for Prometheus.
            let metrics = try await server.metrics()
            let samples = PrometheusText.samples(String(decoding: metrics.body, as: UTF8.self))
            #expect(samples["hangangjari_upstream_calls_today_count{service=\"Seoul citydata\"}"] == 24)
        }
    }

    @Test func aRefusedKeyStopsCallsAndSaysWhy() async throws {
        let offset = ClockOffset()
        try await withServer(["POI105": "citydata-info-100.json"], offset: offset) { seoul, server in
            let s = try await get(server, "/v2/parks/yeouido/home-summary", as: HomeSummary.self)
            #expect(s.freshness["parking"]?.state == .known(.unavailable))
            #expect(s.freshness["parking"]?.reason?.code == .known(.keyRefused))
            let before = seoul.totalCalls
            offset.seconds = 3600
            await server.backend.collector.collectAll()
            #expect(seoul.totalCalls == before)  // stopped: not one more call
            let sources = try await get(server, "/v2/sources", as: SourcesResponse.self)
            #expect(sources.upstream?.detail?.code == .known(.keyRefused))
        }
    }

    @Test func transientErrorsBackOff() async throws {
        let offset = ClockOffset()
        try await withServer(["POI105": "citydata-error-600.json"], offset: offset) { seoul, server in
            #expect(seoul.calls("POI105") == 1)
            offset.seconds = 301  // past the interval, but within the pause after the error (60 s, then doubling)
            await server.backend.collector.collectAll()
            #expect(seoul.calls("POI105") == 2)
            offset.seconds = 330  // second failure: paused for 120 s
            await server.backend.collector.collectAll()
            #expect(seoul.calls("POI105") == 2)
            let s = try await get(server, "/v2/parks/yeouido/home-summary", as: HomeSummary.self)
            #expect(s.freshness["parking"]?.detail?.contains("ERROR-600") == true)  // the last answer, as Seoul gave it
            let sources = try await get(server, "/v2/sources", as: SourcesResponse.self)
            #expect(sources.upstream?.detail?.code == .known(.backingOff) && sources.upstream?.detail?.until != nil)
        }
    }
}
