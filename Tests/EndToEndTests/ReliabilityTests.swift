import Foundation
import Models
import Storage
import TestFixtures
import TestSupport
import Testing
import WidgetSnapshot

/// Full and read-only state directories (a small tmpfs) and kill -9 during writes: something is always printed,
/// the problem is said on stderr, and nothing already saved is lost or half-written.
@Suite(.serialized) struct ReliabilityTests {
    /// Mounts a tmpfs of `kib` KiB, or nil where mounting is not allowed.
    func mountTmpfs(kib: Int) -> URL? {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hj-tmpfs-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        guard shell("mount", "-t", "tmpfs", "-o", "size=\(kib)k", "tmpfs", dir.path) == 0 else {
            print("note: cannot mount tmpfs here; the full and read-only directory checks are skipped")
            return nil
        }
        return dir
    }

    func unmount(_ dir: URL) {
        _ = shell("umount", dir.path)
        try? FileManager.default.removeItem(at: dir)
    }

    @discardableResult
    func shell(_ arguments: String...) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }

    func oldSnapshot(_ dir: URL) throws -> Data {
        let summary = try Fixtures.homeSummary()
        try SnapshotStore(container: SharedContainer(url: dir)).writeBoth(
            from: summary, now: TestClock.now().addingTimeInterval(-7200))
        return try Data(contentsOf: dir.appendingPathComponent("widget-parking-yeouido.json"))
    }

    @Test func fullDirectoryStillPrintsAndKeepsTheOldSnapshot() async throws {
        guard let dir = mountTmpfs(kib: 64) else { return }
        defer { unmount(dir) }
        let server = try await TestBackend.start()
        defer { Task { await server.stop() } }
        let before = try oldSnapshot(dir)
        // Fill the rest of the disk.
        _ = FileManager.default.createFile(
            atPath: dir.appendingPathComponent("filler").path, contents: Data(repeating: 1, count: 256 * 1024))
        let run = try await WidgetBinaryTests.runAsync([
            "--state-dir", dir.path, "--api", server.baseURL, "--max-age", "0",
        ])
        #expect(run.status == 0, "\(run.stdout) \(run.stderr)")
        #expect(run.stdout.hasPrefix("P Yeouido"))
        #expect(run.stderr.contains("could not save"), "stderr: \(run.stderr)")
        #expect(try Data(contentsOf: dir.appendingPathComponent("widget-parking-yeouido.json")) == before)
    }

    @Test func readOnlyDirectoryStillPrints() async throws {
        guard let dir = mountTmpfs(kib: 256) else { return }
        defer { unmount(dir) }
        let server = try await TestBackend.start()
        defer { Task { await server.stop() } }
        let before = try oldSnapshot(dir)
        #expect(shell("mount", "-o", "remount,ro", dir.path) == 0)
        let live = try await WidgetBinaryTests.runAsync([
            "--state-dir", dir.path, "--api", server.baseURL, "--max-age", "0",
        ])
        #expect(live.status == 0, "\(live.stdout) \(live.stderr)")
        #expect(live.stdout.hasPrefix("P Yeouido"))
        #expect(live.stderr.contains("could not save"), "stderr: \(live.stderr)")
        let offline = try await WidgetBinaryTests.runAsync([
            "--state-dir", dir.path, "--api", "http://127.0.0.1:9", "--max-age", "0",
        ])
        #expect(offline.status == ExitStatus.stale)
        #expect(offline.stdout.contains("min old"))
        #expect(try Data(contentsOf: dir.appendingPathComponent("widget-parking-yeouido.json")) == before)
    }

    @Test func killDuringWritesNeverLeavesAHalfWrittenSnapshot() async throws {
        let server = try await TestBackend.start()
        defer { Task { await server.stop() } }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hj-kill-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try SettingsStore(container: SharedContainer(url: dir)).update { $0.favorites = ["banpo", "nanji"] }
        for round in 0..<30 {
            let process = Process()
            process.executableURL = WidgetBinaryTests.binary
            process.arguments = [
                "--state-dir", dir.path, "--api", server.baseURL, "--max-age", "0", "--park",
                round % 2 == 0 ? "banpo" : "nanji",
            ]
            process.environment = ProcessInfo.processInfo.environment.merging(TestClock.environment()) { $1 }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            try await Task.sleep(for: .milliseconds(Int.random(in: 5...300)))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let store = SnapshotStore(container: SharedContainer(url: dir))
            for park: ParkID in ["banpo", "nanji"] {
                for kind in WidgetKind.allCases {
                    switch store.read(kind, park) {
                    case .success, .failure(.missing): break
                    case .failure(let problem): Issue.record("round \(round): \(kind) \(park.rawValue) is \(problem)")
                    }
                }
            }
            #expect(
                SettingsStore(container: SharedContainer(url: dir)).load().settings.favorites == ["banpo", "nanji"])
        }
        // Afterwards a normal run still works on the same directory.
        let run = try await WidgetBinaryTests.runAsync(["--state-dir", dir.path, "--api", server.baseURL])
        #expect(run.status == 0, "\(run.stderr)")
    }

    @Test func embeddedDefaultShowsSimulatedData() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hj-embedded-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try await WidgetBinaryTests.runAsync(
            // A cold embedded backend in a debug build takes about 2.6 s alone; the default 5 s deadline is for users,
            // and a loaded test machine must not turn this test about simulated data into one about speed.
            ["--state-dir", dir.path, "--kind", "general", "--format", "json", "--deadline", "20"],
            environment: ["XDG_CONFIG_HOME": dir.path])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect((object["snapshot"] as? [String: Any])?["simulated"] as? Bool == true)
        #expect((object["details"] as? [String])?.contains("simulated") == true)
    }
}
