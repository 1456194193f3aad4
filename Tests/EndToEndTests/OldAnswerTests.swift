import CurlHTTP
import Foundation
import Models
import TestFixtures
import TestSupport
import Testing

/// A real recorded answer read 98 days after it was recorded (Yeouido's, with a heat-wave warning in its weather
/// news): every value from it is stale in `/v2`, on the page and on the terminal, the warning and the events with it.
@Suite struct OldAnswerTests {
    static let recorded = ISO8601.parse("2026-08-26T14:00:00+09:00")!
    static let instant = recorded.addingTimeInterval(98 * 86_400)

    func get(_ url: String, _ headers: [(name: String, value: String)] = []) async throws -> HTTPResponse {
        try await TestBackend.curl.send(
            HTTPRequest(url: url, headers: headers, deadline: Date().addingTimeInterval(10)))
    }

    @Test func everyValueFromAnAnswerDaysOldIsStaleWithItsTime() async throws {
        let seoul = try SeoulStandIn(fixtures: [
            "POI105": "citydata-yeouido-poi105.json", "POI072": "citydata-yeouido-poi072.json",
        ])
        defer { seoul.stop() }
        let clock = TestClock.environment(Self.instant, since: Date())
        let server = try ServerBinary(
            environment: clock.merging([
                "SOURCE": "seoul", "SEOUL_OPEN_DATA_KEY": "test-key", "SEOUL_OPEN_DATA_URL": seoul.baseURL,
                "HISTORY_PATH": "memory", "FORECAST_LEARNING": "off",
            ]) { $1 })
        defer { server.stop() }

        // The first collection of every kind is done once each source has been attempted.
        var summary: HomeSummary?
        let deadline = Date().addingTimeInterval(45)
        while Date() < deadline {
            let response = try await get(server.baseURL + "/v2/parks/yeouido/home-summary")
            if response.status == 200, let read = try? ContractCoding.decode(HomeSummary.self, from: response.body),
                read.freshness.sources.allSatisfy({ $0.lastSuccessAt != nil })
            {
                summary = read
                break
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        let read = try #require(summary, "no collected summary within 45 s: \(server.log)")
        let states = Dictionary(
            uniqueKeysWithValues: read.freshness.sources.compactMap { s in s.source.known.map { ($0, s.state) } })
        for source in [SourceID.parking, .crowd, .weather, .events] {
            #expect(states[source] == .known(.stale), "\(source): \(String(describing: states[source]))")
        }
        let events = try #require(read.freshness.sources.first { $0.source == .known(.events) })
        #expect(events.observedAt.map { $0 <= Self.recorded.addingTimeInterval(120) } == true, "\(events)")
        let warning = try #require(read.outing.signals.notices.first { $0.kind == .known(.warning) })
        #expect(warning.observedAt == Self.recorded, "the warning is as old as the weather it came in")

        // The page and the terminal say so on the warning's own row.
        let page = try await get(server.baseURL + "/p/yeouido/outing?lang=en", [("User-Agent", "curl/8.5.0")])
        let text = String(decoding: page.body, as: UTF8.self)
        #expect(page.status == 200 && text.contains("stale, as of 08-26"), "\(text)")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hj-old-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let home = try await WidgetBinaryTests.runAsync(
            ["home", "yeouido", "--api", server.baseURL, "--state-dir", dir.path, "--lang", "en"],
            environment: clock, binary: Binaries.url("hangangjari"))
        let notices = home.stdout.split(separator: "\n").first { $0.contains("Notices") }.map(String.init) ?? ""
        #expect(notices.contains("stale, as of 08-26"), "\(home.stdout)")
        let eventsRow = home.stdout.split(separator: "\n").first { $0.contains("Events") }.map(String.init) ?? ""
        #expect(eventsRow.contains("stale, as of 08-26"), "\(home.stdout)")
    }
}
