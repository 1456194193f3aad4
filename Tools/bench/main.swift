import ArgumentParser
import BenchmarkSupport
import Foundation
import Models
import Networking
import ReferenceServer
import RequestProof

/// One command for the figures the issues name: builds nothing itself (run `Tools/bench/run`), measures the release
/// binaries beside it and their references (curl, wrk against nginx) side by side in one run.
@main
struct Bench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hangangjari-bench", abstract: "Benchmarks of the Hangangjari client and reference server.",
        subcommands: [ClientBench.self, ServerBench.self, BacktestBench.self, MicroBench.self])
}

/// Starts the release server beside this binary on a free port.
func startServer(_ extra: [String] = []) throws -> (Process, String) {
    let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let (process, line) = try External.start(
        directory.appendingPathComponent("hangangjari-server").path, ["serve", "--port", "0", "--unsigned-reads", "allow"] + extra,
        readyPrefix: "listening on ")
    return (process, String(line.dropFirst("listening on ".count)))
}

func ms(_ seconds: Double) -> String { String(format: "%.3f ms", seconds * 1000) }

struct ClientBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "client", abstract: "Signed GETs on one connection vs the curl tool; memory soak.")

    @Option(help: "Sequential requests per side.") var requests = 1000
    @Option(help: "Requests in the memory soak.") var soak = 10_000

    func run() async throws {
        let (server, baseURL) = try startServer()
        defer { server.terminate() }
        let url = baseURL + "/v2/parks/yeouido/home-summary"
        let curl = CurlTransport(configuration: TransportConfiguration(userAgent: "hangangjari-bench"))
        let client = APIClient(configuration: APIConfiguration(baseURL: baseURL, appVersion: "bench"), transport: curl.transport, store: .inMemory())
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
        try String(repeating: "url = \"\(url)\"\noutput = \"/dev/null\"\n", count: requests).write(to: config, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: config) }
        let curlTool = External.which("curl") ?? "/usr/bin/curl"
        let (out, seconds, _) = try External.run(curlTool, ["-s", "--config", config.path, "-w", "%{time_total}\n"])
        let curlSummary = LatencySummary(samples: out.split(separator: "\n").compactMap { Double($0) }, total: seconds)

        // 4. Memory soak.
        let rssStart = ResidentMemory.kib() ?? 0
        for _ in 0..<soak { _ = try await client.homeSummary("yeouido") }
        let rssEnd = ResidentMemory.kib() ?? 0

        let rows = [
            BenchmarkRow(figure: "client: signed GET + decode, req/s", value: String(format: "%.0f", clientSummary.rate),
                         reference: String(format: "curl tool %.0f", curlSummary.rate), ratio: String(format: "%.2f", clientSummary.rate / curlSummary.rate),
                         goal: ">= 1.0 x curl", met: clientSummary.rate >= curlSummary.rate),
            BenchmarkRow(figure: "client: signed GET + decode, p50", value: ms(clientSummary.p50), reference: "curl tool " + ms(curlSummary.p50),
                         ratio: String(format: "%.2f", clientSummary.p50 / curlSummary.p50)),
            BenchmarkRow(figure: "client: signed GET + decode, p99", value: ms(clientSummary.p99), reference: "curl tool " + ms(curlSummary.p99),
                         ratio: String(format: "%.2f", clientSummary.p99 / curlSummary.p99)),
            BenchmarkRow(figure: "transport: same GET as curl, req/s", value: String(format: "%.0f", transportSummary.rate),
                         reference: String(format: "curl tool %.0f", curlSummary.rate), ratio: String(format: "%.2f", transportSummary.rate / curlSummary.rate),
                         goal: ">= 1.0 x curl", met: transportSummary.rate >= curlSummary.rate),
            BenchmarkRow(figure: "transport: p50 / p99", value: ms(transportSummary.p50) + " / " + ms(transportSummary.p99),
                         reference: "curl tool " + ms(curlSummary.p50) + " / " + ms(curlSummary.p99)),
            BenchmarkRow(figure: "client soak: RSS start -> end (\(soak) req)", value: "\(rssStart) -> \(rssEnd) KiB",
                         ratio: String(format: "%.2f", Double(rssEnd) / Double(max(rssStart, 1))), goal: "flat (<= 1.10)",
                         met: Double(rssEnd) <= Double(rssStart) * 1.10),
        ]
        print(BenchmarkRow.render(rows))
    }
}

struct ServerBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "server", abstract: "wrk against the server and nginx serving the same bytes; RSS soak.")

    @Option(help: "Seconds per wrk run.") var seconds = 5
    @Option(help: "Interleaved rounds (medians are reported).") var rounds = 3
    @Option(help: "wrk connections.") var connections = 64
    @Option(help: "Seconds of the RSS soak (0 skips it).") var soakSeconds = 300

    func run() async throws {
        guard let wrk = External.which("wrk") else { throw ValidationError("wrk is missing: apt-get install wrk") }
        guard let nginx = External.which("nginx") else { throw ValidationError("nginx is missing: apt-get install nginx-light") }
        let (server, baseURL) = try startServer()
        defer { server.terminate() }
        let url = baseURL + "/v2/parks/yeouido/home-summary"
        let transport = CurlTransport(configuration: TransportConfiguration(userAgent: "hangangjari-bench"))
        let first = try await transport.send(HTTPRequest(url: url, deadline: Date().addingTimeInterval(5)))
        guard let etag = first.header("etag") else { throw ValidationError("no ETag") }

        // nginx serving the identical bytes from a file.
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("hj-nginx-\(getpid())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try first.body.write(to: root.appendingPathComponent("home-summary.json"))
        let port = 20_000 + Int(getpid() % 20_000)
        try """
        worker_processes auto;
        error_log \(root.path)/error.log;
        pid \(root.path)/nginx.pid;
        events { worker_connections 1024; }
        http {
            access_log off;
            client_body_temp_path \(root.path);
            proxy_temp_path \(root.path);
            fastcgi_temp_path \(root.path);
            uwsgi_temp_path \(root.path);
            scgi_temp_path \(root.path);
            server {
                listen 127.0.0.1:\(port);
                location / { root \(root.path); default_type application/json; }
            }
        }
        """.write(to: root.appendingPathComponent("nginx.conf"), atomically: true, encoding: .utf8)
        let nginxProcess = Process()
        nginxProcess.executableURL = URL(fileURLWithPath: nginx)
        nginxProcess.arguments = ["-c", root.appendingPathComponent("nginx.conf").path, "-p", root.path, "-g", "daemon off;"]
        nginxProcess.standardOutput = FileHandle.nullDevice
        nginxProcess.standardError = FileHandle.nullDevice
        try nginxProcess.run()
        defer { nginxProcess.terminate() }
        try await Task.sleep(for: .milliseconds(300))

        func wrkRun(_ target: String, headers: [String] = [], duration: Int) throws -> WrkResult {
            var arguments = ["-t2", "-c\(connections)", "-d\(duration)s", "--latency"]
            for h in headers { arguments += ["-H", h] }
            let (out, _, _) = try External.run(wrk, arguments + [target])
            guard let result = WrkResult(out) else { throw ValidationError("could not read wrk output:\n\(out)") }
            return result
        }
        _ = try wrkRun(url, duration: 2)  // warm up
        // Interleaved rounds, medians: the machine is noisy, the comparison is what counts.
        var runs: (ours: [WrkResult], nginx: [WrkResult], notModified: [WrkResult]) = ([], [], [])
        for _ in 0..<rounds {
            runs.ours.append(try wrkRun(url, duration: seconds))
            runs.nginx.append(try wrkRun("http://127.0.0.1:\(port)/home-summary.json", duration: seconds))
            runs.notModified.append(try wrkRun(url, headers: ["If-None-Match: \(etag)"], duration: seconds))
        }
        let ours = WrkResult.median(runs.ours), reference = WrkResult.median(runs.nginx), notModified = WrkResult.median(runs.notModified)

        var rows = [
            BenchmarkRow(figure: "server 200 home-summary, req/s (wrk -c\(connections), median of \(rounds))", value: String(format: "%.0f", ours.requestsPerSecond),
                         reference: String(format: "nginx %.0f", reference.requestsPerSecond),
                         ratio: String(format: "%.2f", ours.requestsPerSecond / reference.requestsPerSecond), goal: ">= 0.5 x nginx",
                         met: ours.requestsPerSecond >= 0.5 * reference.requestsPerSecond),
            BenchmarkRow(figure: "server 200 home-summary, p99", value: String(format: "%.2f ms", ours.p99Milliseconds),
                         reference: String(format: "nginx %.2f ms", reference.p99Milliseconds), goal: "< 10 ms", met: ours.p99Milliseconds < 10),
            BenchmarkRow(figure: "server 304 home-summary, req/s", value: String(format: "%.0f", notModified.requestsPerSecond),
                         reference: String(format: "200 path %.0f", ours.requestsPerSecond),
                         ratio: String(format: "%.2f", notModified.requestsPerSecond / ours.requestsPerSecond), goal: "304 faster than 200",
                         met: notModified.requestsPerSecond > ours.requestsPerSecond),
            BenchmarkRow(figure: "server 304 home-summary, p99", value: String(format: "%.2f ms", notModified.p99Milliseconds)),
        ]
        if ours.non2xx + notModified.non2xx > 0 {
            rows.append(BenchmarkRow(figure: "non-2xx/3xx responses", value: "\(ours.non2xx + notModified.non2xx)", goal: "0", met: false))
        }
        if soakSeconds > 0 {
            let pid = server.processIdentifier
            let start = ResidentMemory.kib(pid: pid) ?? 0
            let soak = Task.detached { try wrkRun(url, duration: soakSeconds) }
            var samples: [Int] = []
            for _ in 0..<10 {
                try await Task.sleep(for: .seconds(Double(soakSeconds) / 10))
                samples.append(ResidentMemory.kib(pid: pid) ?? 0)
            }
            let result = try await soak.value
            let end = ResidentMemory.kib(pid: pid) ?? 0
            rows.append(BenchmarkRow(
                figure: "server soak \(soakSeconds) s: RSS start -> max -> end", value: "\(start) -> \(samples.max() ?? 0) -> \(end) KiB",
                reference: String(format: "%.0f req/s during soak", result.requestsPerSecond),
                ratio: String(format: "%.2f", Double(end) / Double(max(samples.first ?? start, 1))), goal: "flat (end <= 1.10 x first sample)",
                met: Double(end) <= 1.10 * Double(max(samples.first ?? start, 1))))
        }
        print(BenchmarkRow.render(rows))
    }
}

struct BacktestBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "backtest", abstract: "The forecast backtest table.")
    @Option var days = 14

    func run() async throws {
        print(Backtest.render(try await Backtest(catalog: .bundled).run(days: days, end: Date(), stepMinutes: 30)))
    }
}

struct MicroBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "micro", abstract: "Per-call costs on the client path: decode, sign.")
    @Option var iterations = 2000

    func run() async throws {
        let data = try await { () async throws -> Data in
            let (server, baseURL) = try startServer()
            defer { server.terminate() }
            let transport = CurlTransport(configuration: TransportConfiguration(userAgent: "hangangjari-bench"))
            return try await transport.send(HTTPRequest(url: baseURL + "/v2/parks/yeouido/home-summary", deadline: Date().addingTimeInterval(5))).body
        }()
        func time(_ name: String, _ body: () throws -> Void) rethrows -> BenchmarkRow {
            let started = Date()
            for _ in 0..<iterations { try body() }
            return BenchmarkRow(figure: name, value: String(format: "%.1f us", Date().timeIntervalSince(started) / Double(iterations) * 1e6))
        }
        let signer = HMACSigner(secret: Data(repeating: 1, count: 32))
        let rows = [
            try time("decode HomeSummary (\(data.count) bytes)") { _ = try ContractCoding.decode(HomeSummary.self, from: data) },
            try time("JSONSerialization of the same bytes") { _ = try JSONSerialization.jsonObject(with: data) },
            try time("sign a GET (RFC 9421 hmac-sha256)") {
                _ = try RequestProof.sign(method: "GET", targetURI: "http://127.0.0.1:1/v2/parks/yeouido/home-summary", body: nil, keyId: "k", signer: signer, created: 1, nonce: "n")
            },
            time("random nonce") { _ = randomHex(bytes: 16) },
        ]
        print(BenchmarkRow.render(rows))
    }
}
