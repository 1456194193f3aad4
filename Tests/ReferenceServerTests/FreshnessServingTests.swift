import CurlHTTP
import Foundation
import Models
import ServerCollection
import ServerFaults
import ServerForecasting
import ServerSources
import TestSupport
import Testing

/// Freshness as served: every state appears, stale never looks fresh, and the last good response survives a failed rebuild.
@Suite(.serialized) struct FreshnessServingTests {
    func summary(_ server: some ServedBackend, _ park: String = "yeouido") async throws -> HomeSummary {
        let response = try await server.transport.send(
            HTTPRequest(url: server.baseURL + "/v2/parks/\(park)/home-summary", deadline: Date().addingTimeInterval(5)))
        #expect(response.status == 200)
        return try ContractCoding.decode(HomeSummary.self, from: response.body)
    }

    @Test func freshSimulatedDataIsLabelledSimulated() async throws {
        try await InProcessBackend.run { server in
            let s = try await summary(server)
            #expect(s.freshness.isSimulated)
            #expect(s.freshness["parking"]?.state.known.map { [.fresh, .stale, .unavailable].contains($0) } == true)
            #expect(s.parking.lots.count == 5)
            #expect(s.forecast.lots.count == 5)
        }
    }

    @Test func failingSourcesTurnStaleWithTheirReason() async throws {
        try await InProcessBackend.run { server in
            let before = try await summary(server)
            try await server.admin("/admin/faults?spec=failing-sources")
            let after = try await summary(server)
            let parking = try #require(after.freshness["parking"])
            if before.freshness["parking"]?.state == .known(.fresh) {
                #expect(parking.state == .known(.stale))
                #expect(parking.detail?.contains("failing") == true)
                #expect(after.parking.lots.map(\.status.available) == before.parking.lots.map(\.status.available))
            }
        }
    }

    @Test func staleSourcesAreNeverFresh() async throws {
        try await InProcessBackend.configured { $0.faults.staleSources = FaultSettings.collectedSources }.run {
            server in
            let s = try await summary(server)
            for status in s.freshness.sources where status.source != "events" {
                #expect(status.state != .known(.fresh), "\(status.source) looks fresh")
            }
        }
    }

    @Test func lastGoodResponseIsServedAgedWhenRebuildFails() async throws {
        try await InProcessBackend.run { server in
            let good = try await summary(server)
            try await server.admin("/admin/faults?spec=rebuild-fails")
            server.clockOffset.seconds = 2 * 3600
            let served = try await summary(server)
            #expect(served.park.id == good.park.id)
            #expect(served.parking.lots.map(\.status.available) == good.parking.lots.map(\.status.available))
            for status in served.freshness.sources where status.observedAt != nil {
                #expect(status.state != .known(.fresh), "\(status.source) of a two-hour-old response looks fresh")
            }
        }
    }

    @Test func conditionalRequestGets304() async throws {
        try await InProcessBackend.run { server in
            let first = try await server.transport.send(
                HTTPRequest(
                    url: server.baseURL + "/v2/parks/banpo/home-summary", deadline: Date().addingTimeInterval(5)))
            let etag = try #require(first.header("etag"))
            #expect(first.header("cache-control") == "private")
            let second = try await server.transport.send(
                HTTPRequest(
                    url: server.baseURL + "/v2/parks/banpo/home-summary", headers: [("If-None-Match", etag)],
                    deadline: Date().addingTimeInterval(5)))
            #expect(second.status == 304)
            #expect(second.body.isEmpty)
        }
    }

    @Test func twoServersAgreeAtTheSameMoment() async throws {
        let fixed = Date(timeIntervalSince1970: 1_795_323_900)  // 2026-11-22 14:05 Seoul
        let a = try await TestBackend.start { $0.now = { fixed } }
        let b = try await TestBackend.start { $0.now = { fixed } }
        defer {
            Task {
                await a.stop()
                await b.stop()
            }
        }
        let sa = try await summary(a, "banpo")
        let sb = try await summary(b, "banpo")
        #expect(sa.parking == sb.parking)
        #expect(sa.outing.signals == sb.outing.signals)
    }
}
