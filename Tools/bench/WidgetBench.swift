import AppCore
import ArgumentParser
import BenchmarkSupport
import Cache
import CurlHTTP
import Foundation
import Models
import Repositories
import RequestProof
import Storage

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
        // The go line ranks every lot of its snapshot (every park's forecast) when it is shown.
        let goArguments = [
            widget, "--state-dir", state, "--api", baseURL, "--format", "waybar", "--kind", "go", "--in", "40",
        ]
        _ = ChildProcess.measure(goArguments, environment: env)
        let goFresh = ChildProcess.repeated(goArguments + ["--max-age", "3600"], runs: runs, environment: env)
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

        // Cache costs, in process: store one home summary, read it back (decoded) as every screen's first paint does.
        let transport = CurlTransport(configuration: TransportConfiguration(userAgent: "bench"))
        let body = try await transport.send(HTTPRequest(url: url, deadline: Date().addingTimeInterval(5))).body
        let cache = try CacheDatabase(url: work.appendingPathComponent("cache.sqlite"))
        let reads = ReadThroughCache(cache: cache)
        var storeTimes: [Double] = []
        var readTimes: [Double] = []
        for _ in 0..<200 {
            let t = DispatchTime.now().uptimeNanoseconds
            try cache.storeResponse(key: .homeSummary("yeouido"), body: body, etag: "\"e\"", fetchedAt: Date())
            storeTimes.append(Double(DispatchTime.now().uptimeNanoseconds - t) / 1e9)
            let r = DispatchTime.now().uptimeNanoseconds
            _ = reads.cached(.homeSummary("yeouido", policy: CachePolicy()))
            readTimes.append(Double(DispatchTime.now().uptimeNanoseconds - r) / 1e9)
        }
        let storeP50 = LatencySummary.median(storeTimes)
        let readP50 = LatencySummary.median(readTimes)

        let installed = try InstalledSizes.measure(directory: directory, work: work)
        let rows =
            installed.rows + [
                BenchmarkRow(
                    figure: "widget fresh path (waybar), median", value: ms(fresh.median),
                    reference: "static floor " + ms(floorRun.median),
                    ratio: String(format: "%.2f", fresh.median / floorRun.median), goal: "<= 1.3 x floor",
                    met: fresh.median <= 1.3 * floorRun.median),
                BenchmarkRow(
                    figure: "widget go fresh path (waybar, --in 40), median", value: ms(goFresh.median),
                    reference: "static floor " + ms(floorRun.median),
                    ratio: String(format: "%.2f", goFresh.median / floorRun.median), goal: "<= 1.3 x floor",
                    met: goFresh.median <= 1.3 * floorRun.median),
                BenchmarkRow(
                    figure: "widget go fresh path, peak RSS", value: "\(goFresh.peakRSSKiB) KiB",
                    goal: "<= 20 MiB", met: goFresh.peakRSSKiB <= 20 * 1024),
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
                    figure: "cache: read one home-summary (decoded), p50", value: ms(readP50), goal: "<= 1 ms",
                    met: readP50 <= 0.001),
                BenchmarkRow(
                    figure: "exit statuses (fresh / stale)",
                    value: "\(fresh.statuses.sorted()) / \(stale.statuses.sorted())"),
                BenchmarkRow(figure: "exit statuses (go fresh)", value: "\(goFresh.statuses.sorted())"),
            ]
        return rows
    }
}
