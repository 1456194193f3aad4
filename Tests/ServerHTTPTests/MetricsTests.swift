import CurlHTTP
import Foundation
import Models
import ServerFaults
import ServerSources
import TestSupport
import Testing

/// `GET /metrics`: Prometheus text for callers with the admin token only; requests counted by route template,
/// collection rounds and failures per source, and whether this instance collects.
@Suite struct MetricsTests {
    @Test func metricsNeedTheAdminToken() async throws {
        try await InProcessBackend.configured { $0.adminToken = nil }.run { closed in
            let status = try await closed.metrics().status
            #expect(status == 404)
        }
        try await InProcessBackend.run { server in
            #expect(try await server.metrics(token: nil).status == 401)
            #expect(try await server.metrics(token: "not-the-admin-token").status == 401)
            let response = try await server.metrics()
            #expect(response.status == 200)
            #expect(response.header("content-type")?.hasPrefix("text/plain; version=0.0.4") == true)
        }
    }

    @Test func requestsAreCountedByRouteTemplateMethodAndStatus() async throws {
        try await InProcessBackend.run { server in
            for park in ["banpo", "yeouido", "nowhere"] {
                _ = try await server.transport.send(
                    HTTPRequest(
                        url: server.baseURL + "/v2/parks/\(park)/home-summary", deadline: Date().addingTimeInterval(5)))
            }
            _ = try await server.transport.send(
                HTTPRequest(url: server.baseURL + "/no/such/route", deadline: Date().addingTimeInterval(5)))
            let samples = PrometheusText.samples(String(decoding: try await server.metrics().body, as: UTF8.self))
            let route = "route=\"/v2/parks/{parkId}/home-summary\""
            #expect(
                samples["hangangjari_http_requests_total{\(route),method=\"GET\",status=\"200\"}"] == 2, "\(samples)")
            #expect(samples["hangangjari_http_requests_total{\(route),method=\"GET\",status=\"404\"}"] == 1)
            #expect(samples["hangangjari_http_request_duration_seconds_count{\(route)}"] == 3)
            // An unknown path is one series, not one per path.
            #expect(samples.keys.contains { $0.contains("status=\"404\"") && !$0.contains("/no/such/route") })
            #expect(!samples.keys.contains { $0.contains("/no/such/route") })
        }
    }

    @Test func collectionRoundsAndFailuresArePerSource() async throws {
        try await InProcessBackend.configured { $0.faults = try! FaultSettings(parsing: "failing-sources") }.run {
            server in
            let samples = PrometheusText.samples(String(decoding: try await server.metrics().body, as: UTF8.self))
            let parks = Double(server.backend.catalog.parks.count)
            for source in SourceKind.allCases.map(\.rawValue) {
                #expect(samples["hangangjari_collection_runs_total{source=\"\(source)\"}"] == parks, "\(samples)")
                #expect(samples["hangangjari_collection_failures_total{source=\"\(source)\"}"] == parks)
            }
            #expect(samples["hangangjari_collector_active"] == 1)
        }
    }
}
