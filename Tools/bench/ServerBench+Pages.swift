import ArgumentParser
import BenchmarkSupport
import Foundation

/// The web front's rows: a park's home page against the /v2 home summary it is rendered from, in the same rounds,
/// and the first contentful paint in Chromium on a throttled phone.
extension ServerBench {
    /// What a phone's browser sends for a page.
    static let browserHeaders = [
        "User-Agent: Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/156.0 Mobile Safari/537.36",
        "Accept: text/html", "Accept-Language: ko-KR,ko;q=0.9,en;q=0.8",
    ]

    func pageRows(page: [WrkResult], api: WrkResult, pageURL: String) throws -> [BenchmarkRow] {
        let pages = WrkResult.median(page)
        var rows = [
            BenchmarkRow(
                figure: "web page /p/yeouido (HTML, Korean), req/s",
                value: String(format: "%.0f", pages.requestsPerSecond),
                reference: String(format: "/v2 home-summary %.0f", api.requestsPerSecond),
                ratio: String(format: "%.2f", pages.requestsPerSecond / api.requestsPerSecond),
                goal: ">= 0.8 x /v2 home-summary", met: pages.requestsPerSecond >= 0.8 * api.requestsPerSecond),
            BenchmarkRow(
                figure: "web page /p/yeouido, p99", value: String(format: "%.2f ms", pages.p99Milliseconds),
                reference: String(format: "/v2 home-summary %.2f ms", api.p99Milliseconds), goal: "< 10 ms",
                met: pages.p99Milliseconds < 10),
        ]
        guard let python = External.which("python3"), External.which("chromedriver") != nil else {
            rows.append(BenchmarkRow(figure: "web page first contentful paint", value: "skipped (no chromium-driver)"))
            return rows
        }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "first-paint.py")
        let (out, _, status) = try External.run(python, [script.path, pageURL, "3"])
        guard status == 0,
            let median = out.split(separator: " ").last.flatMap({
                Double($0.trimmingCharacters(in: .whitespacesAndNewlines))
            })
        else { throw ValidationError("first-paint.py failed:\n\(out)") }
        let runs = out.split(separator: " ").dropFirst().prefix { $0 != "median" }.joined(separator: " / ")
        rows.append(
            BenchmarkRow(
                figure: "web page first contentful paint, Chromium, Slow 4G and 4x CPU (median of 3 cold loads)",
                value: String(format: "%.0f ms", median), reference: "runs \(runs) ms", goal: "<= 1500 ms",
                met: median <= 1500))
        return rows
    }
}
