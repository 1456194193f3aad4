import Foundation
import TestSupport
import Testing

/// `hangangjari-server backtest --history` as a user runs it: the cleaning report, the table, and exit codes that
/// say what went wrong.
struct BacktestCommandTests {
    static let server = Binaries.url("hangangjari-server")

    @Test func scoresTheRecordedFixtureAndSaysWhatWasDropped() async throws {
        let fixture = Fixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/recorded/city-car-parks.csv").path
        let run = try await WidgetBinaryTests.runAsync(["backtest", "--history", fixture], binary: Self.server)
        #expect(run.status == 0, "\(run.stderr)")
        for line in ["lots scored", "dropped 1 malformed", "negative-count", "duplicate", "conflicting-duplicate",
                     "few-days (CITY-LIBRARY)", "above capacity as full", "lot-days missing", "capacity changed: CITY-CENTRAL-02",
                     "horizon  samples  MAE p50  persistence", "  15 min", " 180 min"] {
            #expect(run.stdout.contains(line), "\(line)")
        }
    }

    @Test func aMissingFileAndAnUnusableFileAreDifferentFailures() async throws {
        let missing = try await WidgetBinaryTests.runAsync(["backtest", "--history", "/nonexistent/history.csv"], binary: Self.server)
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("no such file"))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("hj-backtest-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(at: file) }
        try "lot_id,capacity,occupied,observed_at\nA,10,5,2026-09-07T08:00:00+01:00\nA,10,-1,2026-09-07T08:30:00+01:00\n".write(to: file, atomically: true, encoding: .utf8)
        let unusable = try await WidgetBinaryTests.runAsync(["backtest", "--history", file.path], binary: Self.server)
        #expect(unusable.status == 65)
        #expect(unusable.stderr.contains("no lot has 8 days of usable readings"))
        #expect(unusable.stderr.contains("dropped 1 negative-count"))
    }
}
