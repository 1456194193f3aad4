import ArgumentParser
import BenchmarkSupport
import CurlHTTP
import Foundation
import Models

/// "Where to go now": the all-lots answer against a park's home summary on the same server, and `hangangjari go`
/// against `hangangjari home`, each pair interleaved in one run.
struct GoBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "go",
        abstract: "GET /v2/forecasts against home-summary (bytes, req/s, cost per byte); `go --in 40` against `home`.")

    @Option(help: "Seconds per wrk run.") var seconds = 5
    @Option(help: "Interleaved rounds (medians are reported).") var rounds = 3
    @Option(help: "wrk connections.") var connections = 64
    @Option(help: "Runs per command figure (medians are reported).") var runs = 30

    func run() async throws { print(BenchmarkRow.render(try await rows())) }

    func rows() async throws -> [BenchmarkRow] {
        guard let wrk = External.which("wrk") else { throw ValidationError("wrk is missing: apt-get install wrk") }
        // Seoul's afternoon for the server and the commands alike: at night every lot is closed and has no points.
        let clock = [
            WallClock.environmentVariable: WallClock.environmentValue(
                pinning: ISO8601.parse("2026-11-23T14:00:00+09:00")!)
        ]
        let (server, baseURL) = try startServer(environment: clock)
        defer { server.terminate() }
        let home = baseURL + "/v2/parks/yeouido/home-summary"
        let lots = baseURL + "/v2/forecasts"
        let transport = CurlTransport(configuration: TransportConfiguration(userAgent: "hangangjari-bench"))
        let homeBytes = try await transport.send(HTTPRequest(url: home, deadline: Date().addingTimeInterval(10)))
            .body.count
        // The forecasts are computed after the first round: wait for every lot's points.
        var lotsBytes = 0
        let ready = Date().addingTimeInterval(120)
        while Date() < ready {
            let body = try await transport.send(HTTPRequest(url: lots, deadline: Date().addingTimeInterval(10))).body
            lotsBytes = body.count
            let answer = try ContractCoding.decode(LotForecastsResponse.self, from: body)
            if answer.parks.allSatisfy({ $0.forecasts.contains { !$0.points.isEmpty } }) { break }
            try await Task.sleep(for: .seconds(1))
        }

        func wrkRun(_ target: String, duration: Int) throws -> WrkResult {
            let arguments = ["-t2", "-c\(connections)", "-d\(duration)s", "--latency", target]
            let (out, _, _) = try External.run(wrk, arguments)
            guard let result = WrkResult(out) else { throw ValidationError("could not read wrk output:\n\(out)") }
            return result
        }
        for target in [home, lots] { _ = try wrkRun(target, duration: 2) }
        var homeRuns: [WrkResult] = []
        var lotsRuns: [WrkResult] = []
        for _ in 0..<rounds {
            homeRuns.append(try wrkRun(home, duration: seconds))
            lotsRuns.append(try wrkRun(lots, duration: seconds))
        }
        let homeRate = WrkResult.median(homeRuns).requestsPerSecond
        let lotsRate = WrkResult.median(lotsRuns).requestsPerSecond
        // Cost per byte: seconds of server per byte served; the all-lots answer against the summary's.
        let costRatio = (homeRate * Double(homeBytes)) / (lotsRate * Double(lotsBytes))

        // The commands on the embedded default from a fresh cache (no backend started), interleaved.
        let app = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("hangangjari").path
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("hj-go-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: work) }
        let env = ["HOME": work.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"].merging(clock) { $1 }
        let state = work.appendingPathComponent("state").path
        let homeCommand = [app, "home", "--state-dir", state]
        let goCommand = [app, "go", "--in", "40", "--state-dir", state]
        var homeTimes: [Double] = []
        var goTimes: [Double] = []
        var statuses = Set<Int32>()
        for run in 0..<runs {
            // Every tenth run refills both caches first, so each stays inside its one-minute window.
            if run % 10 == 0 {
                _ = ChildProcess.measure(homeCommand, environment: env)
                _ = ChildProcess.measure(goCommand, environment: env)
            }
            let homeRun = ChildProcess.measure(homeCommand, environment: env)
            let goRun = ChildProcess.measure(goCommand, environment: env)
            homeTimes.append(homeRun.seconds)
            goTimes.append(goRun.seconds)
            statuses.formUnion([homeRun.status, goRun.status])
        }
        let homeTime = LatencySummary.median(homeTimes)
        let goTime = LatencySummary.median(goTimes)
        return [
            BenchmarkRow(
                figure: "GET /v2/forecasts, bytes (every lot of 11 parks)", value: "\(lotsBytes)",
                reference: "home-summary \(homeBytes)",
                ratio: String(format: "%.2f", Double(lotsBytes) / Double(homeBytes))),
            BenchmarkRow(
                figure: "GET /v2/forecasts 200, req/s (wrk -c\(connections), median of \(rounds))",
                value: String(format: "%.0f", lotsRate), reference: String(format: "home-summary %.0f", homeRate),
                ratio: String(format: "%.2f", lotsRate / homeRate)),
            BenchmarkRow(
                figure: "GET /v2/forecasts, cost per byte against home-summary's",
                value: String(format: "%.2f", costRatio), goal: "<= 1.2", met: costRatio <= 1.2),
            BenchmarkRow(
                figure: "`hangangjari go --in 40`, fresh cache (embedded default, median of \(runs))",
                value: ms(goTime),
                reference: "`hangangjari home` " + ms(homeTime), ratio: String(format: "%.2f", goTime / homeTime),
                goal: "<= 1.3x", met: goTime <= 1.3 * homeTime && statuses.isSubset(of: [0])),
        ]
    }
}
