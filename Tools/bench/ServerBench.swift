import ArgumentParser
import BenchmarkSupport
import CurlHTTP
import Foundation

struct ServerBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "server",
        abstract: """
            wrk against the server, nginx and a minimal Hummingbird app serving the same bytes, and two instances on \
            PostgreSQL behind nginx (steady and while the collector is killed); signed reads and a bootstrap flood \
            on both; RSS soak.
            """)

    @Option(help: "Seconds per wrk run.") var seconds = 5
    @Option(help: "Interleaved rounds (medians are reported).") var rounds = 3
    @Option(help: "wrk connections.") var connections = 64
    @Option(
        help: "Seconds of each RSS soak (0 skips them): a server of its own trains 300 s after its start; 420 or more.")
    var soakSeconds = 480
    @Option(help: "Another hangangjari-server build to measure in the same rounds (e.g. one of an earlier commit).")
    var baseline: String?
    @Flag(help: "Measure with the access log on (logs go to /dev/null).") var accessLog = false
    @Flag(help: "Skip the deployment rows (two instances on PostgreSQL behind nginx, and the failover).")
    var noPair = false
    @Flag(help: "Skip the trust rows (signed reads, bootstrap flood).") var noTrust = false
    @Flag(help: "Skip the instructions-per-request rows (callgrind).") var noInstructions = false
    @Option(help: "Requests per callgrind window.") var instructionRequests = 1000
    @Option(help: "Callgrind windows (the median is reported).") var instructionWindows = 5

    func run() async throws { print(BenchmarkRow.render(try await rows())) }

    func rows() async throws -> [BenchmarkRow] {
        guard let wrk = External.which("wrk") else { throw ValidationError("wrk is missing: apt-get install wrk") }
        let (server, baseURL) = try startServer(accessLog: accessLog)
        defer { server.terminate() }
        let url = baseURL + "/v2/parks/yeouido/home-summary"
        let other = try baseline.map { try startServer(binary: $0) }
        defer { other?.0.terminate() }
        let transport = CurlTransport(configuration: TransportConfiguration(userAgent: "hangangjari-bench"))
        let first = try await transport.send(HTTPRequest(url: url, deadline: Date().addingTimeInterval(5)))
        guard let etag = first.header("etag") else { throw ValidationError("no ETag") }

        // nginx serving the identical bytes from a file, and a minimal Hummingbird app serving them from memory.
        let nginx = try Nginx.serving(first.body, as: "home-summary.json")
        defer { nginx.stop() }
        let nginxURL = nginx.baseURL + "/home-summary.json"
        let bodyFile = FileManager.default.temporaryDirectory.appendingPathComponent("hj-floor-\(getpid()).json")
        try first.body.write(to: bodyFile)
        defer { try? FileManager.default.removeItem(at: bodyFile) }
        let (floor, floorURL) = try startListening(
            sibling("hangangjari-bench"), ["floor-server", "--body", bodyFile.path])
        defer { floor.terminate() }
        let pair = noPair ? nil : try await ProxiedPair()
        defer { pair?.stop() }
        let pairURL = pair.map { $0.proxy.baseURL + "/v2/parks/yeouido/home-summary" }

        @Sendable func wrkRun(_ target: String, headers: [String] = [], script: String? = nil, duration: Int) throws
            -> WrkResult
        {
            var arguments = ["-t2", "-c\(connections)", "-d\(duration)s", "--latency"]
            for h in headers { arguments += ["-H", h] }
            if let script { arguments += ["-s", script] }
            let (out, _, _) = try External.run(wrk, arguments + [target])
            guard let result = WrkResult(out) else { throw ValidationError("could not read wrk output:\n\(out)") }
            return result
        }
        let pageURL = baseURL + "/p/yeouido"
        for target in [url, floorURL + "/v2/parks/yeouido/home-summary"] + (pairURL.map { [$0] } ?? []) {
            _ = try wrkRun(target, duration: 2)  // warm up
        }
        _ = try wrkRun(pageURL, headers: Self.browserHeaders, duration: 2)
        var trust: TrustRounds?
        if !noTrust {
            var proxied: TrustLoad?
            if let pair { proxied = try await TrustLoad(baseURL: pair.proxy.baseURL, transport: transport) }
            trust = TrustRounds(
                direct: try await TrustLoad(baseURL: baseURL, transport: transport), proxied: proxied,
                path: "/v2/parks/yeouido/home-summary", seconds: seconds)
        }
        defer {
            trust?.direct.remove()
            trust?.proxied?.remove()
        }
        // Interleaved rounds, medians: the machine is noisy, the comparison is what counts.
        var runs: (ours: [WrkResult], nginx: [WrkResult], notModified: [WrkResult]) = ([], [], [])
        var (floorRuns, pairRuns, baselineRuns): ([WrkResult], [WrkResult], [WrkResult]) = ([], [], [])
        var pageRuns: [WrkResult] = []
        if let other { _ = try wrkRun(other.1 + "/v2/parks/yeouido/home-summary", duration: 2) }
        for _ in 0..<rounds {
            if let other {
                baselineRuns.append(try wrkRun(other.1 + "/v2/parks/yeouido/home-summary", duration: seconds))
            }
            runs.ours.append(try wrkRun(url, duration: seconds))
            pageRuns.append(try wrkRun(pageURL, headers: Self.browserHeaders, duration: seconds))
            runs.nginx.append(try wrkRun(nginxURL, duration: seconds))
            runs.notModified.append(try wrkRun(url, headers: ["If-None-Match: \(etag)"], duration: seconds))
            floorRuns.append(try wrkRun(floorURL + "/v2/parks/yeouido/home-summary", duration: seconds))
            if let pairURL { pairRuns.append(try wrkRun(pairURL, duration: seconds)) }
            try trust?.round { try wrkRun($0, script: $1, duration: $2) }
        }
        let ours = WrkResult.median(runs.ours)
        let reference = WrkResult.median(runs.nginx)
        let notModified = WrkResult.median(runs.notModified)
        let framework = WrkResult.median(floorRuns)

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
            // A 304 saves the phone its bytes, not the server its work: the gate, the park and the cached answer's
            // ETag are the 200's work too, it parses one header more, and the 200's few KB from the cache cost little
            // on loopback. So the goal is that answering "unchanged" costs no more than answering in full, within
            // this machine's noise between rounds (the two measured 0.95-1.07 of each other).
            BenchmarkRow(
                figure: "server 304 home-summary, req/s", value: String(format: "%.0f", notModified.requestsPerSecond),
                reference: String(format: "200 path %.0f", ours.requestsPerSecond),
                ratio: String(format: "%.2f", notModified.requestsPerSecond / ours.requestsPerSecond),
                goal: ">= 0.9 x the 200 path",
                met: notModified.requestsPerSecond >= 0.9 * ours.requestsPerSecond),
            BenchmarkRow(
                figure: "server 304 home-summary, p99", value: String(format: "%.2f ms", notModified.p99Milliseconds)),
            BenchmarkRow(
                figure: "framework floor: minimal Hummingbird app, same bytes from memory, req/s",
                value: String(format: "%.0f", framework.requestsPerSecond),
                reference: String(format: "nginx %.0f", reference.requestsPerSecond),
                ratio: String(format: "%.2f", framework.requestsPerSecond / reference.requestsPerSecond)),
            BenchmarkRow(
                figure: "server 200 home-summary against the framework floor, req/s (p99)",
                value: String(format: "%.0f (%.2f ms)", ours.requestsPerSecond, ours.p99Milliseconds),
                reference: String(
                    format: "floor %.0f (%.2f ms)", framework.requestsPerSecond, framework.p99Milliseconds),
                ratio: String(format: "%.2f", ours.requestsPerSecond / framework.requestsPerSecond)),
        ]
        rows += try pageRows(page: pageRuns, api: ours, pageURL: pageURL)
        if let pair {
            let proxied = WrkResult.median(pairRuns)
            rows += [
                BenchmarkRow(
                    figure: "two instances on PostgreSQL behind nginx, 200 home-summary, req/s",
                    value: String(format: "%.0f", proxied.requestsPerSecond),
                    reference: String(
                        format: "one direct %.0f, nginx %.0f", ours.requestsPerSecond, reference.requestsPerSecond),
                    ratio: String(format: "%.2f", proxied.requestsPerSecond / ours.requestsPerSecond)),
                BenchmarkRow(
                    figure: "two instances on PostgreSQL behind nginx, p99",
                    value: String(format: "%.2f ms", proxied.p99Milliseconds),
                    reference: String(
                        format: "one direct %.2f ms, nginx %.2f ms", ours.p99Milliseconds, reference.p99Milliseconds),
                    goal: "< 10 ms", met: proxied.p99Milliseconds < 10),
            ]
            rows += try await failoverRows(pair, url: pairURL ?? "", steady: proxied, transport: transport) {
                try wrkRun($0, duration: $1)
            }
        }
        if let trust {
            rows += trust.rows(
                unsignedDirect: ours, unsignedProxied: pairRuns.isEmpty ? nil : WrkResult.median(pairRuns))
        }
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
        let failed =
            ours.non2xx + notModified.non2xx + pageRuns.map(\.non2xx).reduce(0, +) + framework.non2xx
            + pairRuns.map(\.non2xx).reduce(0, +)
        if failed > 0 {
            rows.append(
                BenchmarkRow(
                    figure: "non-2xx/3xx responses", value: "\(failed)", goal: "0", met: false
                ))
        }
        if !noInstructions { rows += try instructionRows(body: bodyFile.path) }
        if soakSeconds > 0 { rows += try await soakRows { try wrkRun($0, duration: $1) } }
        return rows
    }

    /// wrk through nginx while the collecting instance is killed with SIGKILL a third of the way in: p99, errors
    /// and the seconds until the other instance collects (by its own metrics).
    func failoverRows(
        _ pair: ProxiedPair, url: String, steady: WrkResult, transport: CurlTransport,
        wrk: @escaping @Sendable (String, Int) throws -> WrkResult
    ) async throws -> [BenchmarkRow] {
        let duration = max(seconds, 6)
        let load = Task.detached { try wrk(url, duration) }
        try await Task.sleep(for: .seconds(Double(duration) / 3))
        let takeover = try await pair.killCollector(transport)
        let result = try await load.value
        let limit = 2 * pair.collectionInterval
        return [
            BenchmarkRow(
                figure: "failover: collector SIGKILLed under wrk through nginx, p99 (\(duration) s run)",
                value: String(format: "%.2f ms", result.p99Milliseconds),
                reference: String(format: "steady pair %.2f ms", steady.p99Milliseconds),
                goal: "no error", met: result.socketErrors + result.non2xx == 0),
            BenchmarkRow(
                figure: "failover: errors and non-2xx during the run; takeover",
                value: String(format: "%d, %d; %.2f s", result.socketErrors, result.non2xx, takeover),
                reference: String(format: "collection interval %.0f s", pair.collectionInterval),
                goal: String(format: "0, 0; <= %.0f s", limit),
                met: result.socketErrors + result.non2xx == 0 && takeover <= limit),
        ]
    }
}
