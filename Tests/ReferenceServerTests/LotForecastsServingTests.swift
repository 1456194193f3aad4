import CurlHTTP
import Foundation
import Models
import TestSupport
import Testing

/// `GET /v2/forecasts`: every park's lots in one cacheable answer, under the freshness rules of every park response.
@Suite(.serialized) struct LotForecastsServingTests {
    func get(_ server: some ServedBackend, etag: String? = nil) async throws -> HTTPResponse {
        try await server.transport.send(
            HTTPRequest(
                url: server.baseURL + API.lotForecasts.path(), headers: etag.map { [("If-None-Match", $0)] } ?? [],
                deadline: Date().addingTimeInterval(10)))
    }

    @Test func everyLotOfEveryParkWithAnETagAnd304() async throws {
        try await InProcessBackend.run { server in
            let first = try await get(server)
            #expect(first.status == 200)
            let answer = try ContractCoding.decode(LotForecastsResponse.self, from: first.body)
            #expect(answer.parks.map(\.parkId) == Catalog.bundled.parks.map(\.id))
            #expect(answer.horizonMinutes == 180)
            for park in answer.parks {
                let lots = Catalog.bundled.lots(in: park.parkId).map(\.id)
                #expect(park.lots.map(\.lotId) == lots, "\(park.parkId)")
                #expect(park.forecasts.map(\.lotId) == lots, "\(park.parkId)")
                #expect(park.freshness[.parking] != nil)
            }
            let etag = try #require(first.header("etag"))
            #expect(first.header("cache-control") == "private")
            let second = try await get(server, etag: etag)
            #expect(second.status == 304)
            #expect(second.body.isEmpty)
        }
    }

    @Test func theLastGoodAnswerIsServedAgedWhenARebuildFails() async throws {
        try await InProcessBackend.run { server in
            let good = try ContractCoding.decode(LotForecastsResponse.self, from: try await get(server).body)
            try await server.admin("/admin/faults?spec=rebuild-fails")
            server.clockOffset.seconds = 2 * 3600
            let served = try ContractCoding.decode(LotForecastsResponse.self, from: try await get(server).body)
            #expect(served.generatedAt == good.generatedAt)
            for park in served.parks {
                for status in park.freshness.sources where status.observedAt != nil {
                    #expect(status.state != .known(.fresh), "\(park.parkId) of a two-hour-old answer looks fresh")
                }
            }
        }
    }
}
