import AppCore
import AppLive
import ArgumentParser
import BenchmarkSupport
import Cache
import Foundation
import Models
import RequestProof
import Storage

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
            configuration: AppConfiguration(apiURL: baseURL), embedded: .none,
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
