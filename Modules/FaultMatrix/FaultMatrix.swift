import Foundation
import Models
import Storage
import WidgetSnapshot

#if canImport(Glibc)
    import Glibc
#endif

/// The real binaries against the real server, one row per fault: what the user sees (value, freshness label,
/// message, exit status) and that nothing already saved was lost or corrupted.
public struct FaultMatrix: Sendable {
    /// Directory holding hangangjari, hangangjari-widget(-fetch) and hangangjari-server.
    public var binaries: URL
    public var scratch: URL
    /// `HANGANGJARI_CLOCK` for every binary: 14:00 in Seoul, so rows see open lots with counts at any hour.
    public var clock: [String: String]

    public init(binaries: URL, scratch: URL) {
        self.binaries = binaries
        self.scratch = scratch
        let daytime = ISO8601.parse("2026-11-23T14:00:00+09:00")!
        clock = [WallClock.environmentVariable: WallClock.environmentValue(pinning: daytime)]
    }

    /// One row of the printed matrix.
    public struct Row: Sendable {
        public var fault: String
        public var expected: String
        public var observed: String
        public var passed: Bool
    }

    struct Check {
        var observed: String
        var passed: Bool
    }

    func path(_ name: String) -> String { binaries.appendingPathComponent(name).path }
    var widget: String { path("hangangjari-widget") }
    var app: String { path("hangangjari") }
    var runner: Runner {
        Runner(
            environment: ["HOME": scratch.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"].merging(clock) { $1 },
            scratch: scratch)
    }
    var dead: String { "http://127.0.0.1:9" }

    func stateDir() -> URL {
        let url = scratch.appendingPathComponent("state-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func server(_ arguments: [String] = []) throws -> ServerProcess {
        try ServerProcess(
            binary: path("hangangjari-server"), arguments: ["--unsigned-reads", "allow"] + arguments, environment: clock
        )
    }

    func widget(_ dir: URL, _ api: String, _ extra: [String] = []) -> Run {
        runner.run([widget, "--state-dir", dir.path, "--api", api] + extra)
    }

    func snapshot(_ dir: URL, _ park: ParkID = "yeouido") -> Result<WidgetSnapshot, SnapshotStore.ReadFailure> {
        SnapshotStore(container: SharedContainer(url: dir)).read(.parking, park)
    }

    func bytes(_ url: URL) -> Data? { FileManager.default.contents(atPath: url.path) }

    static func brief(_ run: Run) -> String {
        let line = run.stdout.split(separator: "\n").first.map(String.init) ?? ""
        return "exit \(run.status): \(line.prefix(44))"
    }

    /// Runs every row, in order.
    public func run() async -> [Row] {
        var rows: [Row] = []
        for (fault, expected, body) in cases() {
            let check: Check
            do { check = try await body() } catch { check = Check(observed: "error: \(error)", passed: false) }
            rows.append(Row(fault: fault, expected: expected, observed: check.observed, passed: check.passed))
        }
        return rows
    }

    typealias Case = (String, String, () async throws -> Check)

    func cases() -> [Case] {
        [
            (
                "server down, nothing saved", "placeholder 'no data', exit 4, < deadline",
                {
                    let run = widget(stateDir(), dead, ["--deadline", "3"])
                    return Check(
                        observed: Self.brief(run),
                        passed: run.status == 4 && run.stdout.contains("no data") && run.seconds < 3.5)
                }
            ),
            (
                "server down, last snapshot", "last value marked not updated, exit 3, file kept",
                {
                    let dir = stateDir()
                    let server = try server()
                    _ = widget(dir, server.baseURL)
                    server.stop()
                    let before = bytes(dir.appendingPathComponent("widget-parking-yeouido.json"))
                    let run = widget(dir, server.baseURL, ["--max-age", "0", "--deadline", "3"])
                    let kept =
                        before != nil && before == bytes(dir.appendingPathComponent("widget-parking-yeouido.json"))
                    return Check(
                        observed: Self.brief(run), passed: run.status == 3 && run.stdout.contains("Not updated") && kept
                    )
                }
            ),
            (
                "slow past the deadline", "placeholder within --deadline 1.5 s",
                {
                    let server = try server(["--faults", "latency=6000"])
                    defer { server.stop() }
                    let run = widget(stateDir(), server.baseURL, ["--deadline", "1.5"])
                    return Check(
                        observed: Self.brief(run) + String(format: " in %.2f s", run.seconds),
                        passed: run.seconds < 2.5 && run.status == 4)
                }
            ),
        ] + payloadFaults() + sourceAndAppFaults() + trustFaults() + fileFaults() + concurrencyFaults()
    }

    func payloadFaults() -> [Case] {
        [
            ("5xx", "5xx=1"), ("truncated body", "truncate"), ("garbage JSON", "garbage"),
            ("payload for another park", "wrong-park"),
        ].map { name, spec in
            (
                name, "placeholder, exit 4, nothing saved",
                {
                    let server = try server(["--faults", spec])
                    defer { server.stop() }
                    let dir = stateDir()
                    let run = widget(dir, server.baseURL, ["--deadline", "3"])
                    let nothing: Bool
                    if case .failure(.missing) = snapshot(dir) { nothing = true } else { nothing = false }
                    return Check(observed: Self.brief(run), passed: run.status == 4 && nothing)
                }
            )
        }
    }

    /// Each outing source's state in `hangangjari outing --json`'s output.
    static func sourceStates(_ output: String) -> [String: String] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any],
            let data = object["data"] as? [String: Any], let outing = data["outing"] as? [String: Any],
            let sources = outing["sources"] as? [[String: Any]]
        else { return [:] }
        var states: [String: String] = [:]
        for source in sources {
            if let id = source["source"] as? String, let state = source["state"] as? String { states[id] = state }
        }
        return states
    }

    func sourceAndAppFaults() -> [Case] {
        [
            (
                "stale sources", "value shown, labelled stale (bars exit 0)",
                {
                    let server = try server(["--faults", "stale-sources"])
                    defer { server.stop() }
                    let run = widget(stateDir(), server.baseURL, ["--format", "waybar"])
                    return Check(
                        observed: Self.brief(run),
                        passed: run.stdout.contains("\"stale\"") && !run.stdout.contains("\"fresh\""))
                }
            ),
            (
                "failing sources", "never shown as fresh",
                {
                    let server = try server(["--faults", "failing-sources"])
                    defer { server.stop() }
                    let run = widget(stateDir(), server.baseURL, ["--format", "waybar"])
                    return Check(observed: Self.brief(run), passed: !run.stdout.contains("\"fresh\""))
                }
            ),
            (
                "way-there rows failing, stale", "rows say so, static hints, outing exit 0",
                {
                    let server = try server(["--faults", "failing-sources=chargers,stale-sources=subway"])
                    defer { server.stop() }
                    let dir = stateDir()
                    let json = runner.run([
                        app, "outing", "yeouido", "--state-dir", dir.path, "--api", server.baseURL, "--json",
                    ])
                    let text = runner.run([app, "outing", "yeouido", "--state-dir", dir.path, "--api", server.baseURL])
                    let rows = Self.sourceStates(json.stdout)
                    // A stale train report is no live train: the static hint stays.
                    let hints = text.stdout.contains("exits 2/3")
                    return Check(
                        observed: "exit \(json.status), chargers \(rows["chargers"] ?? "?"), subway "
                            + "\(rows["subway"] ?? "?"), hints \(hints)",
                        passed: json.status == 0 && rows["chargers"] == "unavailable" && rows["subway"] == "stale"
                            && rows["bikes"] == "fresh" && hints)
                }
            ),
            (
                "unsigned reads denied", "signed reads still work, exit 0",
                {
                    let server = try ServerProcess(
                        binary: path("hangangjari-server"), arguments: ["--unsigned-reads", "deny"], environment: clock)
                    defer { server.stop() }
                    let run = widget(stateDir(), server.baseURL)
                    return Check(observed: Self.brief(run), passed: run.status == 0)
                }
            ),
            (
                "app: API down after a visit", "last values marked stale with the reason, exit 3",
                {
                    let dir = stateDir()
                    let server = try server()
                    _ = runner.run([app, "home", "banpo", "--state-dir", dir.path, "--api", server.baseURL])
                    server.stop()
                    let run = runner.run([
                        app, "parking", "banpo", "--refresh", "--state-dir", dir.path, "--api", server.baseURL,
                        "--timeout", "1", "--json",
                    ])
                    let stale =
                        run.stdout.contains("\"trust\" : \"stale\"") || run.stdout.contains("\"trust\":\"stale\"")
                    return Check(
                        observed: "exit \(run.status), trust \(stale ? "stale" : "?")",
                        passed: run.status == 3 && stale && run.stderr.contains("Showing the last values"))
                }
            ),
            (
                "app: unknown park", "usage error with a suggestion, exit 64",
                {
                    let run = runner.run([app, "home", "yeoido", "--state-dir", stateDir().path, "--api", dead])
                    return Check(
                        observed: "exit \(run.status)", passed: run.status == 64 && run.stderr.contains("yeouido"))
                }
            ),
        ]
    }

    /// A server with `--unsigned-reads deny` and `extra`: only signed reads can succeed.
    func strictServer(_ extra: [String] = []) throws -> ServerProcess {
        try ServerProcess(
            binary: path("hangangjari-server"), arguments: ["--unsigned-reads", "deny"] + extra, environment: clock)
    }

    func token(_ dir: URL) -> String? {
        guard let data = bytes(dir.appendingPathComponent("credentials.json")),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return nil }
        return object["accessToken"] as? String
    }

    func trustFaults() -> [Case] {
        [
            (
                "proof rejected, unsigned allowed", "falls back to an unsigned read: value, exit 0",
                {
                    let server = try server(["--faults", "reject-proofs"])
                    defer { server.stop() }
                    let run = widget(stateDir(), server.baseURL, ["--deadline", "4"])
                    return Check(
                        observed: Self.brief(run),
                        passed: run.status == 0 && run.stdout.hasPrefix("P Yeouido") && !run.stdout.contains("no data"))
                }
            ),
            (
                "proof rejected, unsigned denied",
                "last value marked not updated, reason says unsigned, exit 3, file kept",
                {
                    let dir = stateDir()
                    let good = try strictServer()
                    _ = widget(dir, good.baseURL)
                    good.stop()
                    let before = bytes(dir.appendingPathComponent("widget-parking-yeouido.json"))
                    let server = try strictServer(["--faults", "reject-proofs"])
                    defer { server.stop() }
                    let run = widget(dir, server.baseURL, ["--max-age", "0", "--deadline", "4"])
                    let kept =
                        before != nil && before == bytes(dir.appendingPathComponent("widget-parking-yeouido.json"))
                    return Check(
                        observed: Self.brief(run),
                        passed: run.status == 3 && run.stdout.contains("could not be signed")
                            && run.stdout.contains("Not updated") && kept)
                }
            ),
            (
                "expired token (2 s lifetime)", "renewed without a word: fresh value, exit 0, new token",
                {
                    let dir = stateDir()
                    let server = try strictServer(["--token-lifetime", "2"])
                    defer { server.stop() }
                    let first = widget(dir, server.baseURL)
                    let old = token(dir)
                    try await Task.sleep(for: .seconds(3))
                    let run = widget(dir, server.baseURL, ["--max-age", "0"])
                    let renewed = old != nil && token(dir) != nil && token(dir) != old
                    return Check(
                        observed: Self.brief(run) + (renewed ? ", token renewed" : ", token not renewed"),
                        passed: first.status == 0 && run.status == 0 && renewed && run.stderr.isEmpty)
                }
            ),
            (
                "server clock 10 min ahead", "signed reads still accepted, exit 0; doctor warns of 600 s",
                {
                    let dir = stateDir()
                    let server = try strictServer(["--faults", "clock-skew=600"])
                    defer { server.stop() }
                    let run = widget(dir, server.baseURL)
                    let doctor = runner.run([app, "doctor", "--state-dir", dir.path, "--api", server.baseURL])
                    let warned = doctor.stdout.split(separator: "\n").contains {
                        $0.contains("differs by 600 s") || $0.contains("differs by 599 s")
                            || $0.contains("differs by 601 s")
                    }
                    return Check(
                        observed: Self.brief(run) + (warned ? ", doctor: 600 s" : ", doctor silent"),
                        passed: run.status == 0 && warned)
                }
            ),
            (
                "server clock 10 min behind", "signed reads still accepted, exit 0",
                {
                    let server = try strictServer(["--faults", "clock-skew=-600"])
                    defer { server.stop() }
                    let run = widget(stateDir(), server.baseURL)
                    return Check(
                        observed: Self.brief(run), passed: run.status == 0 && run.stdout.hasPrefix("P Yeouido"))
                }
            ),
        ]
    }

    func fileFaults() -> [Case] {
        [
            (
                "corrupt snapshot and settings", "moved aside, favourites kept, fresh value, exit 0",
                {
                    let server = try server()
                    defer { server.stop() }
                    let dir = stateDir()
                    try Data("garbage{".utf8).write(to: dir.appendingPathComponent("widget-parking-yeouido.json"))
                    try Data(#"{"favorites":["banpo","jamsil"],"widgetParks":{"#.utf8).write(
                        to: dir.appendingPathComponent("settings.json"))
                    let run = widget(dir, server.baseURL)
                    let favorites = SettingsStore(container: SharedContainer(url: dir)).load().settings.favorites
                    var rewritten = false
                    if case .success = snapshot(dir, "banpo") { rewritten = true }
                    return Check(
                        observed: Self.brief(run),
                        passed: run.status == 0 && favorites == ["banpo", "jamsil"] && rewritten
                            && run.stderr.contains("moved aside"))
                }
            ),
            (
                "corrupt cache database", "moved aside and rebuilt, exit 0",
                {
                    let server = try server()
                    defer { server.stop() }
                    let dir = stateDir()
                    try Data(repeating: 0x5A, count: 8192).write(to: dir.appendingPathComponent("cache.sqlite"))
                    let run = runner.run([app, "home", "--state-dir", dir.path, "--api", server.baseURL])
                    return Check(
                        observed: "exit \(run.status)", passed: run.status == 0 && run.stderr.contains("moved aside"))
                }
            ),
            (
                "read-only state directory", "value still printed, clear error on stderr",
                {
                    try await withTmpfs(options: "ro,size=64k") { dir in
                        let server = try server()
                        defer { server.stop() }
                        let run = widget(dir, server.baseURL)
                        return Check(
                            observed: Self.brief(run),
                            passed: !run.stdout.isEmpty && run.stderr.contains("could not save"))
                    }
                }
            ),
            (
                "full state directory", "value printed, error on stderr, saved snapshot intact",
                {
                    try await withTmpfs(options: "size=1m") { dir in
                        let server = try server()
                        defer { server.stop() }
                        _ = widget(dir, server.baseURL)
                        let file = dir.appendingPathComponent("widget-parking-yeouido.json")
                        let before = bytes(file)
                        fill(dir)
                        let run = widget(dir, server.baseURL, ["--max-age", "0"])
                        var readable = false
                        if case .success = snapshot(dir) { readable = true }
                        return Check(
                            observed: Self.brief(run) + (before == nil ? " (nothing saved first)" : ""),
                            passed: !run.stdout.isEmpty && before != nil && readable && bytes(file) == before
                                && run.stderr.contains("could not save"))
                    }
                }
            ),
            (
                "kill -9 during writes (20x)", "snapshot and settings always readable",
                {
                    let server = try server()
                    defer { server.stop() }
                    let dir = stateDir()
                    _ = runner.run([app, "favorites", "add", "yeouido", "--state-dir", dir.path])
                    // Kills spread over a whole run, so some land while files are being written.
                    let whole = widget(dir, server.baseURL, ["--max-age", "0"]).seconds
                    var corrupt = 0
                    for round in 0..<20 {
                        guard
                            let spawned = runner.spawn([
                                widget, "--state-dir", dir.path, "--api", server.baseURL, "--max-age", "0",
                            ])
                        else { continue }
                        usleep(UInt32(whole * 1_000_000 * Double(round + 1) / 21))
                        kill(spawned.pid, SIGKILL)
                        _ = runner.finish(spawned)
                        if case .failure(let failure) = snapshot(dir), failure != .missing { corrupt += 1 }
                        let (settings, warning) = SettingsStore(container: SharedContainer(url: dir)).load()
                        if warning != nil || settings.favorites != ["yeouido"] { corrupt += 1 }
                    }
                    return Check(observed: "\(corrupt) corrupt reads", passed: corrupt == 0)
                }
            ),
        ]
    }

    func concurrencyFaults() -> [Case] {
        [
            (
                "20 concurrent widgets while the app writes", "all answer, same value, files intact",
                {
                    let server = try server()
                    defer { server.stop() }
                    let dir = stateDir()
                    let appRun = runner.spawn([app, "parks", "--state-dir", dir.path, "--api", server.baseURL])
                    let spawned = (0..<20).compactMap { _ in
                        runner.spawn([widget, "--state-dir", dir.path, "--api", server.baseURL])
                    }
                    let runs = spawned.map { runner.finish($0) }
                    if let appRun { _ = runner.finish(appRun) }
                    let outputs = Set(runs.map(\.stdout))
                    var readable = false
                    if case .success = snapshot(dir) { readable = true }
                    return Check(
                        observed: "\(runs.filter { $0.status == 0 }.count)/20 exit 0, \(outputs.count) distinct",
                        passed: runs.allSatisfy { $0.status == 0 } && outputs.count == 1 && readable)
                }
            )
        ]
    }

    /// Fills a directory's file system until writing fails.
    func fill(_ dir: URL) {
        let path = dir.appendingPathComponent("filler").path
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let filler = FileHandle(forWritingAtPath: path)
        else { return }
        defer { try? filler.close() }
        while (try? filler.write(contentsOf: Data(repeating: 1, count: 16384))) != nil {}
    }

    /// Runs `body` with a fresh tmpfs (root only); a row that cannot mount says so and counts as skipped-passed.
    func withTmpfs(options: String, _ body: (URL) async throws -> Check) async throws -> Check {
        let dir = stateDir()
        let mount = runner.run(["/bin/mount", "-t", "tmpfs", "-o", options, "tmpfs", dir.path])
        guard mount.status == 0 else { return Check(observed: "skipped: cannot mount a tmpfs here", passed: true) }
        defer { _ = runner.run(["/bin/umount", dir.path]) }
        return try await body(dir)
    }

    /// The matrix as a table.
    public static func render(_ rows: [Row]) -> String {
        let widths = [
            max(5, rows.map { $0.fault.count }.max() ?? 0), max(8, rows.map { $0.expected.count }.max() ?? 0),
            max(8, rows.map { $0.observed.count }.max() ?? 0),
        ]
        func pad(_ s: String, _ w: Int) -> String { s + String(repeating: " ", count: max(0, w - s.count)) }
        var lines = [
            pad("fault", widths[0]) + "  " + pad("expected", widths[1]) + "  " + pad("observed", widths[2]) + "  ok"
        ]
        lines.append(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "  --")
        for row in rows {
            lines.append(
                pad(row.fault, widths[0]) + "  " + pad(row.expected, widths[1]) + "  " + pad(row.observed, widths[2])
                    + "  " + (row.passed ? "yes" : "NO"))
        }
        return lines.joined(separator: "\n")
    }
}
