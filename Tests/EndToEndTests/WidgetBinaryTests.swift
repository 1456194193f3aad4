import Foundation
import Models
import ServerForecasting
import Storage
import TestFixtures
import TestSupport
import Testing
import WidgetRendering
import WidgetSnapshot

/// The real `hangangjari-widget` binary, run as a second process against the real server and real files.
@Suite(.serialized) struct WidgetBinaryTests {
    static let binary = Binaries.url("hangangjari-widget")

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
        var seconds: Double
    }

    /// Runs the binary to its end; `input`, when given, is its standard input.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], binary: URL = binary, input: String? = nil
    ) throws -> Run {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var env = ["HOME": FileManager.default.temporaryDirectory.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        env.merge(SanitizerOptions.environment) { $1 }
        env.merge(TestClock.environment()) { $1 }
        env.merge(environment) { $1 }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let stdin = Pipe()
        if input != nil { process.standardInput = stdin }
        let started = Date()
        try process.run()
        if let input {
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try stdin.fileHandleForWriting.close()
        }
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self), seconds: Date().timeIntervalSince(started))
    }

    /// Runs the binary on its own thread: blocking waits must not starve the cooperative pool the in-process
    /// server runs on.
    static func runAsync(
        _ arguments: [String], environment: [String: String] = [:], binary: URL = binary, input: String? = nil
    ) async throws -> Run {
        try await offThePool { try run(arguments, environment: environment, binary: binary, input: input) }
    }

    func stateDir() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("hj-e2e-\(UUID().uuidString)")
    }

    @Test func readsASnapshotWrittenByAnotherProcess() async throws {
        let dir = stateDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let summary = try Fixtures.homeSummary()
        try SnapshotStore(container: SharedContainer(url: dir)).writeBoth(from: summary, now: TestClock.now())
        // A dead API proves the fresh path does not touch the network.
        let run = try await Self.runAsync([
            "--state-dir", dir.path, "--format", "waybar", "--api", "http://127.0.0.1:9",
        ])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix(#"{"alt":"parking","class":["fresh","normal"]"#))
        #expect(run.stdout.contains("P Yeouido 212/785"))
    }

    @Test func fetchesFromTheServerAndWritesBothSnapshots() async throws {
        let server = try await TestBackend.start()
        defer { Task { await server.stop() } }
        let dir = stateDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try await Self.runAsync([
            "--state-dir", dir.path, "--park", "banpo", "--api", server.baseURL, "--lang", "ko",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("P 반포"))
        let store = SnapshotStore(container: SharedContainer(url: dir))
        guard case .success = store.read(.general, "banpo") else {
            Issue.record("general snapshot not written")
            return
        }
        let mode =
            try FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent("credentials.json").path)[
                .posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    /// The go line from the real server's every-lot answer, then from its snapshot with the server gone.
    @Test func theGoLineNamesALotFromTheServerThenFromItsSnapshot() async throws {
        // The line says minutes: the server and the widget read 14:00 from when this test starts, not the suite.
        let since = Date()
        let clock = TestClock.clock(since: since)
        let pinned = TestClock.environment(since: since)
        let server = try await TestBackend.start { $0.now = clock.now }
        let dir = stateDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fetched = try await Self.runAsync(
            ["--state-dir", dir.path, "--kind", "go", "--in", "40", "--api", server.baseURL, "--lang", "en"],
            environment: pinned)
        await server.stop()
        #expect(fetched.status == 0, "\(fetched.stderr)")
        #expect(fetched.stdout.hasPrefix("→ ") && fetched.stdout.contains(" at 14:40"), "\(fetched.stdout)")
        #expect(fetched.stdout.contains("Where to park, arriving 14:40 (in 40 min)"))
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("widget-go.json").path))
        // The server is gone: the fresh snapshot answers, the same line.
        let again = try await Self.runAsync(
            ["--state-dir", dir.path, "--kind", "go", "--in", "40", "--api", server.baseURL, "--lang", "en"],
            environment: pinned)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.split(separator: "\n").first == fetched.stdout.split(separator: "\n").first)
        let refused = try await Self.runAsync(["--state-dir", dir.path, "--kind", "go", "--in", "-5"])
        #expect(refused.status == 64 && refused.stderr.contains("--in takes minutes from 0 to 180"), "\(refused)")
    }

    /// The widget accepts what the app accepts: ids, English and Korean names, initial consonants.
    @Test(arguments: ["banpo", "Banpo", "반포", "반포한강공원", "ㅂㅍ"])
    func acceptsEveryNameTheAppAccepts(_ name: String) async throws {
        let dir = stateDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try await Self.runAsync([
            "--state-dir", dir.path, "--api", "http://127.0.0.1:9", "--park", name, "--deadline", "1",
        ])
        #expect(
            run.status == ExitStatus.unavailable && run.stdout.contains("P Banpo · no data"),
            "\(name): \(run.stdout) \(run.stderr)")
    }

    @Test func serverDownGivesAPlaceholderWithinTheDeadline() async throws {
        let dir = stateDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try await Self.runAsync(["--state-dir", dir.path, "--api", "http://127.0.0.1:9", "--park", "nanji"])
        #expect(run.status == ExitStatus.unavailable)
        #expect(run.stdout.contains("P Nanji · no data"))
        #expect(run.stdout.contains("Not updated"))
        #expect(run.seconds < 5)
    }

    /// A field that stays wrong in settings.json is named once, by whichever half finishes the run.
    @Test func aBadSettingsFieldIsNamedOnce() async throws {
        let dir = stateDir()
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(#"{"alertThresholds": {"banpo-1": "x"}}"#.utf8).write(to: dir.appendingPathComponent("settings.json"))
        let run = try await Self.runAsync(["--state-dir", dir.path, "--api", "http://127.0.0.1:9"])
        #expect(run.status == ExitStatus.unavailable)
        #expect(run.stderr.components(separatedBy: "alertThresholds.banpo-1").count == 2, "\(run.stderr)")
    }

    @Test func slowServerIsCutAtTheDeadline() async throws {
        let raw = try RawHTTPServer { _ in .hang }
        defer { raw.stop() }
        let dir = stateDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        // The same run against a refused port costs everything but the wait (slow under a sanitizer).
        let startup = try await Self.runAsync([
            "--state-dir", dir.path, "--api", "http://127.0.0.1:9", "--deadline", "1.5", "--format", "i3blocks",
        ])
        let run = try await Self.runAsync([
            "--state-dir", dir.path, "--api", raw.baseURL, "--deadline", "1.5", "--format", "i3blocks",
        ])
        #expect(run.status == 0)
        #expect(run.stdout.contains("no data"))
        #expect(run.seconds < 1.5 + startup.seconds + 0.5, "took \(run.seconds) s (startup \(startup.seconds) s)")
    }

    /// Installed without its fetching half, the widget still prints a line that says what is missing.
    @Test func aMissingHelperIsNamed() async throws {
        let dir = stateDir()
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let lonely = dir.appendingPathComponent("hangangjari-widget")
        try ExecutableFile.write(Data(contentsOf: Self.binary), to: lonely)
        let english = try await Self.runAsync(
            ["--state-dir", dir.appendingPathComponent("state").path], binary: lonely)
        #expect(english.status == ExitStatus.unavailable)
        #expect(english.stdout.contains("hangangjari is missing"), "\(english.stdout)")
        let korean = try await Self.runAsync(
            ["--state-dir", dir.appendingPathComponent("state").path, "--lang", "ko"], binary: lonely)
        #expect(korean.stderr.contains("같은 폴더에 설치하세요"), "\(korean.stderr)")
    }

    @Test func corruptSnapshotIsReplaced() async throws {
        let server = try await TestBackend.start()
        defer { Task { await server.stop() } }
        let dir = stateDir()
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("garbage{".utf8).write(to: dir.appendingPathComponent("widget-parking-yeouido.json"))
        try Data("{not json".utf8).write(to: dir.appendingPathComponent("settings.json"))
        let run = try await Self.runAsync(["--state-dir", dir.path, "--api", server.baseURL])
        #expect(run.status == 0, "\(run.stderr)")
        // Once, not once per half of the widget.
        #expect(run.stderr.components(separatedBy: "moved aside").count == 2, "\(run.stderr)")
        guard case .success = SnapshotStore(container: SharedContainer(url: dir)).read(.parking, "yeouido") else {
            Issue.record("snapshot not rewritten")
            return
        }
    }

    @Test func twentyConcurrentRunsNeitherCorruptNorStampede() async throws {
        let server = try await TestBackend.start()
        defer { Task { await server.stop() } }
        let dir = stateDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let runs = try await withThrowingTaskGroup(of: Run.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    try await Self.runAsync(["--state-dir", dir.path, "--api", server.baseURL, "--format", "waybar"])
                }
            }
            return try await group.reduce(into: [Run]()) { $0.append($1) }
        }
        #expect(runs.allSatisfy { $0.status == 0 })
        for run in runs {
            #expect((try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8))) != nil, "not JSON: \(run.stdout)")
        }
        #expect(server.backend.bootstrapsIssued == 1)
        guard case .success = SnapshotStore(container: SharedContainer(url: dir)).read(.parking, "yeouido") else {
            Issue.record("snapshot unreadable after concurrent runs")
            return
        }
    }

    @Test func badFlagsExit64() async throws {
        #expect(try await Self.runAsync(["--kind", "boats"]).status == 64)
        let unknown = try await Self.runAsync(["--park", "yeoido"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("yeouido"))
        // The error lists what would have worked, in both languages.
        let format = try await Self.runAsync(["--format", "plain"])
        #expect(format.status == 64)
        #expect(
            format.stderr.contains(
                "--format must be one of " + WidgetFormat.allCases.map(\.rawValue).joined(separator: ", ")),
            "\(format.stderr)")
        let korean = try await Self.runAsync(
            ["--format", "plain", "--lang", "ko"], environment: ["LANG": "ko_KR.UTF-8"])
        #expect(korean.stderr.contains("--format은 text, "), "\(korean.stderr)")
    }
}
