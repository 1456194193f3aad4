import AppCore
import ArgumentParser
import BenchmarkSupport
import Cache
import CurlHTTP
import Foundation
import Models
import Networking
import Storage

struct ClientBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "client", abstract: "Signed GETs on one connection vs the curl tool; memory soak.")

    @Option(help: "Sequential requests per side.") var requests = 1000
    @Option(help: "Requests in the memory soak.") var soak = 10_000

    func run() async throws { print(BenchmarkRow.render(try await rows())) }

    func rows() async throws -> [BenchmarkRow] {
        let (server, baseURL) = try startServer()
        defer { server.terminate() }
        let url = baseURL + "/v2/parks/yeouido/home-summary"
        let curl = CurlTransport(configuration: TransportConfiguration(userAgent: "hangangjari-bench"))
        let client = APIClient(
            configuration: APIConfiguration(baseURL: baseURL, appVersion: "bench"), transport: curl.transport,
            store: .inMemory())
        for _ in 0..<50 { _ = try await client.homeSummary("yeouido") }

        // 1. The API client: signed GET, decode, park guard.
        var samples: [Double] = []
        let started = Date()
        for _ in 0..<requests {
            let t = Date()
            let fetched = try await client.homeSummary("yeouido")
            precondition(fetched.signed)
            samples.append(Date().timeIntervalSince(t))
        }
        let clientSummary = LatencySummary(samples: samples, total: Date().timeIntervalSince(started))

        // 2. The transport alone: the same bytes as curl fetches (no signing, no decoding).
        samples = []
        let transportStart = Date()
        for _ in 0..<requests {
            let t = Date()
            _ = try await curl.send(HTTPRequest(url: url, deadline: Date().addingTimeInterval(5)))
            samples.append(Date().timeIntervalSince(t))
        }
        let transportSummary = LatencySummary(samples: samples, total: Date().timeIntervalSince(transportStart))

        // 3. The curl tool: one invocation, one reused connection, the same URL `requests` times.
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("hj-curl-\(getpid()).conf")
        try String(repeating: "url = \"\(url)\"\noutput = \"/dev/null\"\n", count: requests).write(
            to: config, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: config) }
        let curlTool = External.which("curl") ?? "/usr/bin/curl"
        let (out, seconds, _) = try External.run(curlTool, ["-s", "--config", config.path, "-w", "%{time_total}\n"])
        let curlSummary = LatencySummary(samples: out.split(separator: "\n").compactMap { Double($0) }, total: seconds)

        // 4. Memory soak.
        let rssStart = ResidentMemory.kib() ?? 0
        for _ in 0..<soak { _ = try await client.homeSummary("yeouido") }
        let rssEnd = ResidentMemory.kib() ?? 0

        let rows = [
            BenchmarkRow(
                figure: "client: signed GET + decode, req/s", value: String(format: "%.0f", clientSummary.rate),
                reference: String(format: "curl tool %.0f", curlSummary.rate),
                ratio: String(format: "%.2f", clientSummary.rate / curlSummary.rate),
                goal: ">= 1.0 x curl", met: clientSummary.rate >= curlSummary.rate),
            BenchmarkRow(
                figure: "client: signed GET + decode, p50", value: ms(clientSummary.p50),
                reference: "curl tool " + ms(curlSummary.p50),
                ratio: String(format: "%.2f", clientSummary.p50 / curlSummary.p50)),
            BenchmarkRow(
                figure: "client: signed GET + decode, p99", value: ms(clientSummary.p99),
                reference: "curl tool " + ms(curlSummary.p99),
                ratio: String(format: "%.2f", clientSummary.p99 / curlSummary.p99)),
            BenchmarkRow(
                figure: "transport: same GET as curl, req/s", value: String(format: "%.0f", transportSummary.rate),
                reference: String(format: "curl tool %.0f", curlSummary.rate),
                ratio: String(format: "%.2f", transportSummary.rate / curlSummary.rate),
                goal: ">= 1.0 x curl", met: transportSummary.rate >= curlSummary.rate),
            BenchmarkRow(
                figure: "transport: p50 / p99", value: ms(transportSummary.p50) + " / " + ms(transportSummary.p99),
                reference: "curl tool " + ms(curlSummary.p50) + " / " + ms(curlSummary.p99)),
            BenchmarkRow(
                figure: "client soak: RSS start -> end (\(soak) req)", value: "\(rssStart) -> \(rssEnd) KiB",
                ratio: String(format: "%.2f", Double(rssEnd) / Double(max(rssStart, 1))), goal: "flat (<= 1.10)",
                met: Double(rssEnd) <= Double(rssStart) * 1.10),
        ]
        return rows
    }
}
