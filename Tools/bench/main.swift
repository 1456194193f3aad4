import AppCore
import ArgumentParser
import BenchmarkSupport
import Cache
import Foundation
import Models
import Networking
import ReferenceServer
import RequestProof
import Storage
import WidgetSnapshot

/// One command for the figures the issues name: builds nothing itself (run `Tools/bench/run`), measures the release
/// binaries beside it and their references (curl, wrk against nginx) side by side in one run.
@main
struct Bench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hangangjari-bench", abstract: "Benchmarks of the Hangangjari client and reference server.",
        subcommands: [
            AllBench.self, ClientBench.self, ServerBench.self, WidgetBench.self, FreshPathBench.self, AppBench.self,
            BacktestBench.self, MicroBench.self,
        ])
}

/// Starts the release server beside this binary on a free port.
/// The release server beside the bench (or `binary`), access log off unless asked for.
func startServer(_ extra: [String] = [], binary: String? = nil, accessLog: Bool = false) throws -> (Process, String) {
    let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let (process, line) = try External.start(
        binary ?? directory.appendingPathComponent("hangangjari-server").path,
        ["serve", "--port", "0", "--unsigned-reads", "allow"] + extra,
        readyPrefix: "listening on ", environment: ["ACCESS_LOG": accessLog ? "on" : "off", "BACKFILL_DAYS": "28"])
    return (process, String(line.dropFirst("listening on ".count)))
}

func ms(_ seconds: Double) -> String { String(format: "%.3f ms", seconds * 1000) }

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

struct ServerBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "server", abstract: "wrk against the server and nginx serving the same bytes; RSS soak.")

    @Option(help: "Seconds per wrk run.") var seconds = 5
    @Option(help: "Interleaved rounds (medians are reported).") var rounds = 3
    @Option(help: "wrk connections.") var connections = 64
    @Option(help: "Seconds of the RSS soak (0 skips it).") var soakSeconds = 300
    @Option(help: "Another hangangjari-server build to measure in the same rounds (e.g. one of an earlier commit).")
    var baseline: String?
    @Flag(help: "Measure with the access log on (logs go to /dev/null).") var accessLog = false

    func run() async throws { print(BenchmarkRow.render(try await rows())) }

    func rows() async throws -> [BenchmarkRow] {
        guard let wrk = External.which("wrk") else { throw ValidationError("wrk is missing: apt-get install wrk") }
        guard let nginx = External.which("nginx") else {
            throw ValidationError("nginx is missing: apt-get install nginx-light")
        }
        let (server, baseURL) = try startServer(accessLog: accessLog)
        defer { server.terminate() }
        let url = baseURL + "/v2/parks/yeouido/home-summary"
        let other = try baseline.map { try startServer(binary: $0) }
        defer { other?.0.terminate() }
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
        nginxProcess.arguments = [
            "-c", root.appendingPathComponent("nginx.conf").path, "-p", root.path, "-g", "daemon off;",
        ]
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
        var baselineRuns: [WrkResult] = []
        if let other { _ = try wrkRun(other.1 + "/v2/parks/yeouido/home-summary", duration: 2) }
        for _ in 0..<rounds {
            if let other {
                baselineRuns.append(try wrkRun(other.1 + "/v2/parks/yeouido/home-summary", duration: seconds))
            }
            runs.ours.append(try wrkRun(url, duration: seconds))
            runs.nginx.append(try wrkRun("http://127.0.0.1:\(port)/home-summary.json", duration: seconds))
            runs.notModified.append(try wrkRun(url, headers: ["If-None-Match: \(etag)"], duration: seconds))
        }
        let ours = WrkResult.median(runs.ours)
        let reference = WrkResult.median(runs.nginx)
        let notModified = WrkResult.median(runs.notModified)

        var rows = [
            BenchmarkRow(
                figure: "server 200 home-summary, req/s (wrk -c\(connections), median of \(rounds))",
                value: String(format: "%.0f", ours.requestsPerSecond),
                reference: String(format: "nginx %.0f", reference.requestsPerSecond),
                ratio: String(format: "%.2f", ours.requestsPerSecond / reference.requestsPerSecond),
                goal: ">= 0.5 x nginx",
                met: ours.requestsPerSecond >= 0.5 * reference.requestsPerSecond),
            BenchmarkRow(
                figure: "server 200 home-summary, p99", value: String(format: "%.2f ms", ours.p99Milliseconds),
                reference: String(format: "nginx %.2f ms", reference.p99Milliseconds), goal: "< 10 ms",
                met: ours.p99Milliseconds < 10),
            BenchmarkRow(
                figure: "server 304 home-summary, req/s", value: String(format: "%.0f", notModified.requestsPerSecond),
                reference: String(format: "200 path %.0f", ours.requestsPerSecond),
                ratio: String(format: "%.2f", notModified.requestsPerSecond / ours.requestsPerSecond),
                goal: "304 faster than 200",
                met: notModified.requestsPerSecond > ours.requestsPerSecond),
            BenchmarkRow(
                figure: "server 304 home-summary, p99", value: String(format: "%.2f ms", notModified.p99Milliseconds)),
        ]
        if !baselineRuns.isEmpty {
            let base = WrkResult.median(baselineRuns)
            rows.append(
                BenchmarkRow(
                    figure: "server 200 home-summary against the baseline build, req/s",
                    value: String(format: "%.0f", ours.requestsPerSecond),
                    reference: String(
                        format: "baseline %.0f (p99 %.2f ms)", base.requestsPerSecond, base.p99Milliseconds),
                    ratio: String(format: "%.2f", ours.requestsPerSecond / base.requestsPerSecond)))
        }
        if ours.non2xx + notModified.non2xx > 0 {
            rows.append(
                BenchmarkRow(
                    figure: "non-2xx/3xx responses", value: "\(ours.non2xx + notModified.non2xx)", goal: "0", met: false
                ))
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
            rows.append(
                BenchmarkRow(
                    figure: "server soak \(soakSeconds) s: RSS start -> max -> end",
                    value: "\(start) -> \(samples.max() ?? 0) -> \(end) KiB",
                    reference: String(format: "%.0f req/s during soak", result.requestsPerSecond),
                    ratio: String(format: "%.2f", Double(end) / Double(max(samples.first ?? start, 1))),
                    goal: "flat (end <= 1.10 x first sample)",
                    met: Double(end) <= 1.10 * Double(max(samples.first ?? start, 1))))
        }
        return rows
    }
}

struct BacktestBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backtest", abstract: "The forecast backtest tables: simulated history and a recorded CSV.")
    @Option(help: "Simulated days to score.") var days = 14
    @Option(help: "A recorded history CSV (run from the repository root).") var history =
        "Tests/Fixtures/recorded/city-car-parks.csv"

    func run() async throws {
        print("simulated history, \(days) days, starts every 30 min 07:00-20:00 Seoul time")
        print(Backtest.render(try await Backtest.simulated(catalog: .bundled, days: days, end: try Self.end())))
        let recorded = try RecordedHistory.read(path: history, catalog: .bundled)
        print("\nrecorded history \(history)")
        print(recorded.report.render())
        print(Backtest.render(try await Backtest.score(recorded)))
    }

    /// Now, or HANGANGJARI_CLOCK's instant: the simulated table depends on the date.
    static func end() throws -> Date { try WallClock.from(environment: ProcessInfo.processInfo.environment).now() }

    /// The backtests as benchmark rows: forecast error against persistence per horizon.
    func rows() async throws -> [BenchmarkRow] {
        let simulated = try await Backtest.simulated(catalog: .bundled, days: days, end: try Self.end())
        let recorded = try await Backtest.score(try RecordedHistory.read(path: history, catalog: .bundled))
        return [("simulated", simulated), ("recorded", recorded)].flatMap { name, rows in
            rows.map { row in
                BenchmarkRow(
                    figure: "\(name) forecast MAE at \(row.minutes) min (\(row.samples) samples)",
                    value: String(format: "%.1f", row.forecastMAE),
                    reference: String(format: "persistence %.1f", row.persistenceMAE),
                    ratio: String(format: "%.2f", row.ratioToPersistence),
                    goal: String(format: "< 1 from 30 min; p10-p90 coverage %.0f%% (75-85)", row.coverage * 100))
            }
        }
    }
}

struct MicroBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "micro", abstract: "Per-call costs on the client path: decode, sign.")
    @Option var iterations = 2000

    func run() async throws { print(BenchmarkRow.render(try await rows())) }

    func rows() async throws -> [BenchmarkRow] {
        let data = try await { () async throws -> Data in
            let (server, baseURL) = try startServer()
            defer { server.terminate() }
            let transport = CurlTransport(configuration: TransportConfiguration(userAgent: "hangangjari-bench"))
            return try await transport.send(
                HTTPRequest(url: baseURL + "/v2/parks/yeouido/home-summary", deadline: Date().addingTimeInterval(5))
            ).body
        }()
        func time(_ name: String, _ body: () throws -> Void) rethrows -> BenchmarkRow {
            try BenchmarkRow.perCall(name, iterations: iterations, body)
        }
        let signer = HMACSigner(secret: Data(repeating: 1, count: 32))
        let rows = [
            try time("decode HomeSummary (\(data.count) bytes)") {
                _ = try ContractCoding.decode(HomeSummary.self, from: data)
            },
            try time("JSONSerialization of the same bytes") { _ = try JSONSerialization.jsonObject(with: data) },
            try time("sign a GET (RFC 9421 hmac-sha256)") {
                _ = try RequestProof.sign(
                    method: "GET", targetURI: "http://127.0.0.1:1/v2/parks/yeouido/home-summary", body: nil, keyId: "k",
                    signer: signer, created: 1, nonce: "n")
            },
            time("random nonce") { _ = randomHex(bytes: 16) },
        ]
        return rows
    }
}

struct WidgetBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "widget",
        abstract: "hangangjari-widget fresh and stale paths vs a static floor, curl|jq and curl; cache costs.")

    @Option(help: "Runs per command (medians are reported).") var runs = 40

    func run() async throws { print(BenchmarkRow.render(try await rows())) }

    func rows() async throws -> [BenchmarkRow] {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let widget = directory.appendingPathComponent("hangangjari-widget").path
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("hj-widget-bench-\(getpid())")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }

        // The floor: a trivial static Swift program that reads a small JSON file and prints one line.
        let floorSource = work.appendingPathComponent("floor.swift")
        try """
        import Foundation
        let data = FileManager.default.contents(atPath: CommandLine.arguments[1]) ?? Data()
        let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        print(object?["parkNameEn"] as? String ?? "none")
        """.write(to: floorSource, atomically: true, encoding: .utf8)
        let floor = work.appendingPathComponent("floor").path
        let swiftc = External.which("swiftc") ?? "/opt/swift/usr/bin/swiftc"
        let (_, _, built) = try External.run(swiftc, ["-O", "-static-stdlib", floorSource.path, "-o", floor])
        guard built == 0 else { throw ValidationError("could not build the floor program") }

        let (server, baseURL) = try startServer()
        defer { server.terminate() }
        let state = work.appendingPathComponent("state").path
        let url = baseURL + "/v2/parks/yeouido/home-summary"
        let env = ["HOME": work.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        // Prime: one run fetches and writes the snapshots.
        _ = ChildProcess.measure(
            [widget, "--state-dir", state, "--api", baseURL, "--format", "waybar"], environment: env)
        let snapshotFile = state + "/widget-parking-yeouido.json"
        guard FileManager.default.fileExists(atPath: snapshotFile) else {
            throw ValidationError("the widget wrote no snapshot")
        }

        let fresh = ChildProcess.repeated(
            [widget, "--state-dir", state, "--api", baseURL, "--format", "waybar", "--max-age", "3600"], runs: runs,
            environment: env)
        let floorRun = ChildProcess.repeated([floor, snapshotFile], runs: runs, environment: env)
        let jq = External.which("jq") ?? "/usr/bin/jq"
        let curl = External.which("curl") ?? "/usr/bin/curl"
        let pipeline = ChildProcess.repeated(
            ["/bin/sh", "-c", "\(curl) -s '\(url)' | \(jq) -r '.parking.recommended.available'"], runs: runs,
            environment: env)
        // Stale path: max-age 0 forces a fetch (conditional request, snapshot rewrite) every run.
        let stale = ChildProcess.repeated(
            [widget, "--state-dir", state, "--api", baseURL, "--format", "waybar", "--max-age", "0"], runs: runs,
            environment: env)
        let curlOnly = ChildProcess.repeated([curl, "-s", "-o", "/dev/null", url], runs: runs, environment: env)

        // Cache costs, in process: store one home summary (split into tables), read the first screen.
        let transport = CurlTransport(configuration: TransportConfiguration(userAgent: "bench"))
        let body = try await transport.send(HTTPRequest(url: url, deadline: Date().addingTimeInterval(5))).body
        let summary = try ContractCoding.decode(HomeSummary.self, from: body)
        let cache = try CacheDatabase(url: work.appendingPathComponent("cache.sqlite"))
        var storeTimes: [Double] = []
        var readTimes: [Double] = []
        for _ in 0..<200 {
            let t = DispatchTime.now().uptimeNanoseconds
            try cache.store(summary, body: body, etag: "\"e\"", for: "yeouido", fetchedAt: Date())
            storeTimes.append(Double(DispatchTime.now().uptimeNanoseconds - t) / 1e9)
            let r = DispatchTime.now().uptimeNanoseconds
            _ = try cache.firstScreen("yeouido")
            readTimes.append(Double(DispatchTime.now().uptimeNanoseconds - r) / 1e9)
        }
        let storeP50 = LatencySummary.median(storeTimes)
        let readP50 = LatencySummary.median(readTimes)

        let rows = [
            BenchmarkRow(
                figure: "widget fresh path (waybar), median", value: ms(fresh.median),
                reference: "static floor " + ms(floorRun.median),
                ratio: String(format: "%.2f", fresh.median / floorRun.median), goal: "<= 1.5 x floor",
                met: fresh.median <= 1.5 * floorRun.median),
            BenchmarkRow(
                figure: "widget fresh path, peak RSS", value: "\(fresh.peakRSSKiB) KiB",
                reference: "floor \(floorRun.peakRSSKiB) KiB",
                goal: "<= 20 MiB", met: fresh.peakRSSKiB <= 20 * 1024),
            BenchmarkRow(
                figure: "widget fresh path vs curl|jq", value: ms(fresh.median),
                reference: "curl -s | jq " + ms(pipeline.median),
                ratio: String(format: "%.2f", fresh.median / pipeline.median), goal: "faster than curl|jq",
                met: fresh.median < pipeline.median),
            BenchmarkRow(
                figure: "widget stale path (fetch + write), median", value: ms(stale.median),
                reference: "curl -s " + ms(curlOnly.median),
                ratio: String(format: "%.2f", stale.median / curlOnly.median), goal: "report"),
            BenchmarkRow(figure: "widget stale path, peak RSS", value: "\(stale.peakRSSKiB) KiB"),
            BenchmarkRow(
                figure: "cache: store one home-summary, p50", value: ms(storeP50), goal: "<= 2 ms",
                met: storeP50 <= 0.002),
            BenchmarkRow(
                figure: "cache: read first screen, p50", value: ms(readP50), goal: "<= 1 ms", met: readP50 <= 0.001),
            BenchmarkRow(
                figure: "exit statuses (fresh / stale)",
                value: "\(fresh.statuses.sorted()) / \(stale.statuses.sorted())"),
        ]
        return rows
    }
}

struct FreshPathBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fresh-steps", abstract: "Costs of the widget's fresh-path steps, in process.")
    @Option var iterations = 500
    @Option(help: "A state directory with a parking snapshot for yeouido.") var stateDir: String

    func run() async throws { print(BenchmarkRow.render(try await rows())) }

    func rows() async throws -> [BenchmarkRow] {
        let container = SharedContainer(url: URL(fileURLWithPath: stateDir))
        func time(_ name: String, _ body: () throws -> Void) rethrows -> BenchmarkRow {
            try BenchmarkRow.perCall(name, iterations: iterations, body)
        }
        let store = SnapshotStore(container: container)
        guard case .success(let snapshot) = store.read(.parking, "yeouido") else {
            throw ValidationError("no snapshot in \(stateDir)")
        }
        let entry = WidgetEntry(
            kind: .parking, parkId: "yeouido", snapshot: snapshot, state: .current, nextRefresh: Date())
        let rows = [
            time("environment") { _ = ProcessInfo.processInfo.environment },
            time("settings load") { _ = SettingsStore(container: container).load() },
            time("snapshot read + decode") { _ = store.read(.parking, "yeouido") },
            time("format waybar") { _ = WidgetFormatter(language: .en, now: Date()).render(entry, as: .waybar) },
            time("format text") { _ = WidgetFormatter(language: .en, now: Date()).render(entry, as: .text) },
        ]
        return rows
    }
}

struct AppBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "app",
        abstract:
            "hangangjari: first full screen from a warm cache, printed commands fresh and from empty, peak RSS while used, refreshing 11 parks."
    )

    @Option(help: "Runs per start-up figure (medians are reported).") var runs = 30

    func run() async throws { print(BenchmarkRow.render(try await rows())) }

    func rows() async throws -> [BenchmarkRow] {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let app = directory.appendingPathComponent("hangangjari").path
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("hj-app-bench-\(getpid())")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let (server, baseURL) = try startServer()
        defer { server.terminate() }
        let env = ["HOME": work.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TERM": "xterm-256color"]
        let configured = work.appendingPathComponent("configured").path
        let embedded = work.appendingPathComponent("embedded").path
        // Warm the caches: one printed home screen each (configured API, embedded default).
        _ = ChildProcess.measure([app, "home", "--state-dir", configured, "--api", baseURL], environment: env)
        _ = ChildProcess.measure([app, "home", "--state-dir", embedded], environment: env)

        func firstPaint(_ extra: [String]) throws -> (median: Double, bytes: Int) {
            var times: [Double] = []
            var bytes = 0
            for _ in 0..<runs {
                let pty = try PseudoTerminalProcess([app, "--exit-after-first-paint"] + extra, environment: env)
                times.append(pty.wait().seconds)
                bytes = pty.bytesReceived
            }
            return (LatencySummary.median(times), bytes)
        }
        let warmConfigured = try firstPaint(["--state-dir", configured, "--api", baseURL])
        let warmEmbedded = try firstPaint(["--state-dir", embedded])

        // The reference, `hangangjari catalog`, interleaved with the printed commands on the embedded default so all
        // see the same machine: `home` with a fresh cache (no backend started), and `home` from an empty state
        // directory (backend started, one park read, backfilled and forecast).
        var reference: [Double] = []
        var freshHome: [Double] = []
        var emptyHome: [Double] = []
        var printedStatuses = Set<Int32>()
        for run in 0..<runs {
            let empty = work.appendingPathComponent("empty-\(run)").path
            let steps = [
                ChildProcess.measure([app, "catalog"], environment: env),
                ChildProcess.measure([app, "home", "--state-dir", embedded], environment: env),
                ChildProcess.measure([app, "home", "--state-dir", empty], environment: env),
            ]
            reference.append(steps[0].seconds)
            freshHome.append(steps[1].seconds)
            emptyHome.append(steps[2].seconds)
            printedStatuses.formUnion(steps.map(\.status))
        }
        let printedReference = LatencySummary.median(reference)
        let printedFresh = LatencySummary.median(freshHome)
        let printedEmpty = LatencySummary.median(emptyHome)

        // Peak RSS of the interactive app while used: start, refresh all 11 parks, visit every tab, quit.
        func session(_ extra: [String]) async throws -> (peakKiB: Int, status: Int32) {
            let pty = try PseudoTerminalProcess([app] + extra, environment: env)
            try await Task.sleep(for: .seconds(2))
            pty.send("R")
            try await Task.sleep(for: .seconds(3))
            for key in ["2", "3", "]", "4", "5", "\u{1B}[C", "1"] {
                pty.send(key)
                try await Task.sleep(for: .milliseconds(200))
            }
            let peak = pty.peakKiB ?? 0
            pty.send("q")
            return (peak, pty.wait().status)
        }
        let rssConfigured = try await session(["--state-dir", configured, "--api", baseURL])
        let rssEmbedded = try await session(["--state-dir", embedded])

        // Refreshing all 11 parks in parallel, in process, against the release server; 11 one-by-one as reference.
        let (environment, _) = AppEnvironment.live(
            configuration: AppConfiguration(apiURL: baseURL),
            container: SharedContainer(url: URL(fileURLWithPath: configured)), environment: [:])
        let store = AppStore(simulated: false, environment: environment)
        await store.refreshAll()  // warm: token, connections
        var parallel: [Double] = []
        var sequential: [Double] = []
        for _ in 0..<5 {
            parallel.append(seconds(await store.refreshAll()))
            let clock = ContinuousClock()
            let t = clock.now
            for park in Catalog.bundled.parks { await store.refresh(park: park.id, force: true) }
            sequential.append(seconds(clock.now - t))
        }
        let p = LatencySummary.median(parallel)
        let s = LatencySummary.median(sequential)

        let rows = [
            BenchmarkRow(
                figure: "first full screen, warm cache (configured API)", value: ms(warmConfigured.median),
                reference: "`hangangjari catalog` " + ms(printedReference),
                ratio: String(format: "%.2f", warmConfigured.median / printedReference),
                goal: "<= 50 ms", met: warmConfigured.median <= 0.050),
            BenchmarkRow(
                figure: "first full screen, warm cache (embedded default)", value: ms(warmEmbedded.median),
                goal: "<= 50 ms", met: warmEmbedded.median <= 0.050),
            BenchmarkRow(figure: "bytes of the first frame", value: "\(warmConfigured.bytes)"),
            BenchmarkRow(
                figure: "`hangangjari home`, fresh cache (embedded default)", value: ms(printedFresh),
                reference: "`hangangjari catalog` " + ms(printedReference),
                ratio: String(format: "%.2f", printedFresh / printedReference),
                goal: "<= 1.5x", met: printedFresh <= 1.5 * printedReference && printedStatuses == [0]),
            BenchmarkRow(
                figure: "`hangangjari home`, empty state directory (embedded default)", value: ms(printedEmpty),
                reference: "`hangangjari catalog` " + ms(printedReference),
                ratio: String(format: "%.2f", printedEmpty / printedReference),
                goal: "<= 300 ms", met: printedEmpty <= 0.300 && printedStatuses == [0]),
            BenchmarkRow(
                figure: "interactive peak RSS (configured API)", value: "\(rssConfigured.peakKiB) KiB",
                goal: "<= 60 MiB",
                met: rssConfigured.peakKiB <= 60 * 1024 && rssConfigured.status == 0),
            BenchmarkRow(
                figure: "interactive peak RSS (embedded backend)", value: "\(rssEmbedded.peakKiB) KiB",
                goal: "<= 60 MiB",
                met: rssEmbedded.peakKiB <= 60 * 1024 && rssEmbedded.status == 0),
            BenchmarkRow(
                figure: "refresh 11 parks in parallel, median", value: ms(p), reference: "one by one " + ms(s),
                ratio: String(format: "%.2f", p / s), goal: "report"),
        ]
        return rows
    }

    func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18 }
}

/// Every benchmark the issues name, in one table.
struct AllBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "all", abstract: "Every benchmark, printed as one table.")

    func run() async throws {
        var rows: [BenchmarkRow] = []
        func section(_ name: String, _ body: () async throws -> [BenchmarkRow]) async {
            do {
                rows += try await body().map { row in
                    var row = row
                    if !row.figure.hasPrefix(name) { row.figure = name + ": " + row.figure }
                    return row
                }
            } catch {
                rows.append(BenchmarkRow(figure: name, value: "failed: \(error)"))
            }
        }
        await section("client") { try await ClientBench.parse([]).rows() }
        await section("server") { try await ServerBench.parse([]).rows() }
        await section("widget") { try await WidgetBench.parse([]).rows() }
        await section("app") { try await AppBench.parse([]).rows() }
        await section("backtest") { try await BacktestBench.parse(["--days", "14"]).rows() }
        await section("micro") { try await MicroBench.parse([]).rows() }
        await section("fresh-steps") {
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
                "hj-bench-steps-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: dir) }
            try await Self.writeSnapshots(to: dir)
            return try await FreshPathBench.parse(["--state-dir", dir.path]).rows()
        }
        print(BenchmarkRow.render(rows))
    }

    /// Both widget snapshots of Yeouido, built from the release server's answer.
    static func writeSnapshots(to dir: URL) async throws {
        let (server, baseURL) = try startServer()
        defer { server.terminate() }
        let transport = CurlTransport(configuration: TransportConfiguration(userAgent: "hangangjari-bench"))
        let body = try await transport.send(
            HTTPRequest(url: baseURL + "/v2/parks/yeouido/home-summary", deadline: Date().addingTimeInterval(5))
        ).body
        try SnapshotStore(container: SharedContainer(url: dir)).writeBoth(
            from: try ContractCoding.decode(HomeSummary.self, from: body), now: Date())
    }
}
