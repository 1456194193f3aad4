import BenchmarkSupport
import Foundation

extension ServerBench {
    /// Instructions per 200 home-summary, counted by callgrind: this server, the minimal Hummingbird app serving the
    /// same bytes and, when given, the baseline build; each started alone, with no background round in the windows.
    func instructionRows(body: String) throws -> [BenchmarkRow] {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("hj-callgrind-\(getpid())")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let figure =
            "instructions per 200 home-summary (callgrind, stripped; \(instructionRequests) kept-alive requests, "
            + "median of \(instructionWindows) windows, idle subtracted)"
        guard let counter = InstructionCount(work: work) else {
            return [BenchmarkRow(figure: figure, value: "skipped: apt-get install valgrind")]
        }
        let quiet = [
            "ACCESS_LOG": "off", "BACKFILL_DAYS": "0", "FORECAST_LEARNING": "off", "COLLECTION_INTERVAL": "3600",
        ]
        let path = "/v2/parks/yeouido/home-summary"
        func server(_ binary: String) throws -> Double {
            try counter.perRequest(
                binary, ["serve", "--port", "0"], environment: quiet, path: path, requests: instructionRequests,
                windows: instructionWindows)
        }
        let ours = try server(sibling("hangangjari-server"))
        func floor(_ flags: [String]) throws -> Double {
            try counter.perRequest(
                sibling("hangangjari-bench"), ["floor-server", "--body", body] + flags, path: path,
                requests: instructionRequests, windows: instructionWindows)
        }
        let plain = try floor([])
        let configured = try floor(["--server-configuration"])
        var rows = [
            BenchmarkRow(
                figure: figure, value: Self.thousands(ours), reference: "minimal Hummingbird " + Self.thousands(plain),
                ratio: String(format: "%.2f", ours / plain), goal: "<= 1.2 x minimal", met: ours <= 1.2 * plain),
            BenchmarkRow(
                figure:
                    "the same, against the minimal app with the server's HTTP settings (idle timeout, Server header)",
                value: Self.thousands(ours), reference: "configured minimal " + Self.thousands(configured),
                ratio: String(format: "%.2f", ours / configured), goal: "<= 1.2 x configured minimal",
                met: ours <= 1.2 * configured),
        ]
        if let baseline {
            let base = try server(baseline)
            rows.append(
                BenchmarkRow(
                    figure: "instructions per 200 home-summary against the baseline build", value: Self.thousands(ours),
                    reference: "baseline " + Self.thousands(base), ratio: String(format: "%.3f", ours / base),
                    goal: "<= 1.01 x baseline", met: ours <= 1.01 * base))
        }
        return rows
    }

    /// `209.7k`.
    static func thousands(_ count: Double) -> String { String(format: "%.1fk", count / 1000) }
}
