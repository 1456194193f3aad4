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
    /// The exposition's samples, by series (name and labels as printed).
    static func samples(_ text: String) -> [String: Double] {
        var samples: [String: Double] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else {
                continue
            }
            samples[String(line[..<space])] = value
        }
        return samples
    }

    static func metrics(_ server: some ServedBackend, token: String? = TestBackend.adminToken) async throws
        -> HTTPResponse
    {
        try await server.transport.send(
            HTTPRequest(
                url: server.baseURL + "/metrics", headers: token.map { [("Authorization", "Bearer \($0)")] } ?? [],
                deadline: Date().addingTimeInterval(5)))
    }

    @Test func metricsNeedTheAdminToken() async throws {
        try await InProcessBackend.run({ $0.adminToken = nil }) { closed in
            let status = try await Self.metrics(closed).status
            #expect(status == 404)
        }
        try await InProcessBackend.run { server in
            #expect(try await Self.metrics(server, token: nil).status == 401)
            #expect(try await Self.metrics(server, token: "not-the-admin-token").status == 401)
            let response = try await Self.metrics(server)
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
            let samples = Self.samples(String(decoding: try await Self.metrics(server).body, as: UTF8.self))
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
        try await InProcessBackend.run({ $0.faults = try! FaultSettings(parsing: "failing-sources") }) { server in
            let samples = Self.samples(String(decoding: try await Self.metrics(server).body, as: UTF8.self))
            let parks = Double(server.backend.catalog.parks.count)
            for source in SourceKind.allCases.map(\.rawValue) {
                #expect(samples["hangangjari_collection_runs_total{source=\"\(source)\"}"] == parks, "\(samples)")
                #expect(samples["hangangjari_collection_failures_total{source=\"\(source)\"}"] == parks)
            }
            #expect(samples["hangangjari_collector_active"] == 1)
        }
    }
}
