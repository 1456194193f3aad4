import Foundation
import TestSupport
import Testing

/// `hangangjari-server backtest --history` as a user runs it: the cleaning report, the table, and exit codes that
/// say what went wrong.
struct BacktestCommandTests {
    static let server = Binaries.url("hangangjari-server")

    /// Nine days of one lot read every 30 minutes from 08:00 to 16:30 (+01:00), with the faults real recordings have.
    static func recording() -> String {
        var lines = ["lot_id,capacity,occupied,observed_at"]
        for day in 7...15 {
            for step in 0...17 {
                let minute = 480 + step * 30 + (step % 3) - 1
                let occupied = Int(300 * exp(-pow((Double(minute) / 60 - 12.5) / 2.5, 2))) + day
                lines.append(
                    String(
                        format: "CITY-1,400,%d,2026-09-%02dT%02d:%02d:00+01:00", occupied, day, minute / 60, minute % 60
                    ))
            }
        }
        lines.append(lines[5])  // an exact duplicate
        lines += [
            "CITY-1,400,-4,2026-09-16T08:00:00+01:00", "CITY-1,400,900,2026-09-16T08:30:00+01:00",
            "CITY-1,400,410,2026-09-16T09:00:00+01:00",
            "CITY-1,400,", "CITY-SHORT,50,10,2026-09-16T09:00:00+01:00",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func scoresARecordingAndSaysWhatWasDropped() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("hj-backtest-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(at: file) }
        try Self.recording().write(to: file, atomically: true, encoding: .utf8)
        let run = try await WidgetBinaryTests.runAsync(["backtest", "--history", file.path], binary: Self.server)
        #expect(run.status == 0, "\(run.stderr)")
        for line in [
            "168 rows read, 163 used, 1 lots scored", "dropped 1 malformed", "dropped 1 negative-count",
            "dropped 1 implausible-count",
            "dropped 1 duplicate", "dropped 1 few-days (CITY-SHORT)", "kept 1 above capacity as full", "binned",
            "horizon  samples  MAE p50  persistence", "  15 min", " 180 min",
        ] {
            #expect(run.stdout.contains(line), "\(line)\n\(run.stdout)")
        }
        // The rule alone, as a server that does not learn forecasts: the same rows scored.
        let rule = try await WidgetBinaryTests.runAsync(
            ["backtest", "--history", file.path, "--rule-only"], binary: Self.server)
        #expect(rule.status == 0, "\(rule.stderr)")
        let samples = { (text: String) in
            text.split(separator: "\n").filter { $0.contains("% (") && $0.contains(" min ") }
        }
        #expect(samples(run.stdout).count == 6)
        #expect(samples(rule.stdout).map { $0.prefix(17) } == samples(run.stdout).map { $0.prefix(17) })
    }

    @Test func aMissingFileAndAnUnusableFileAreDifferentFailures() async throws {
        let missing = try await WidgetBinaryTests.runAsync(
            ["backtest", "--history", "/nonexistent/history.csv"], binary: Self.server)
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("no such file"))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("hj-backtest-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(at: file) }
        try
            "lot_id,capacity,occupied,observed_at\nA,10,5,2026-09-07T08:00:00+01:00\nA,10,-1,2026-09-07T08:30:00+01:00\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let unusable = try await WidgetBinaryTests.runAsync(["backtest", "--history", file.path], binary: Self.server)
        #expect(unusable.status == 65)
        #expect(unusable.stderr.contains("no lot has 8 days of usable readings"))
        #expect(unusable.stderr.contains("dropped 1 negative-count"))
    }
}
