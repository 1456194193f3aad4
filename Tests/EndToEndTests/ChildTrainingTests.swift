import Foundation
import Models
import ServerForecasting
import ServerSources
import TestFixtures
import Testing

@testable import ReferenceServer

/// The server trains its forecast model in a child process of its own binary: a week of readings in, a stored
/// model out; too little history gives none; a child that fails says why.
@Suite struct ChildTrainingTests {
    /// A week (or `days`) of Yeouido's simulated readings every 15 minutes, up to `end` (a bucket).
    static func week(end: Int, days: Int = 7) -> [(lot: LotID, at: Date, available: Int)] {
        let model = SimulationModel(catalog: .bundled)
        let lots = Catalog.bundled.lots(in: "yeouido")
        return stride(from: end - days * TimeSlot.perDay, to: end, by: 3).flatMap { slot in
            lots.compactMap { lot in
                model.available(lot: lot, at: TimeSlot.start(of: slot)).map { (lot.id, TimeSlot.start(of: slot), $0) }
            }
        }
    }

    @Test func aChildTrainsTheModelOnTheReadingsItIsGiven() async throws {
        let end = TimeSlot.index(of: TestClock.daytime)
        let train = ChildTraining.run(executable: Binaries.url("hangangjari-server").path)
        let stored = try #require(try await train(Self.week(end: end), nil, end, TestClock.daytime))
        #expect(stored.days == 7 && stored.samples > 1000 && !stored.model.isEmpty)
        #expect(stored.trainedAt == TestClock.daytime)
        #expect(stored.calibration == BandCalibration())
        #expect(try await train(Array(Self.week(end: end).suffix(100)), nil, end, TestClock.daytime) == nil)

        // A day later, given the model in use: its forecasts since it was trained are recorded in the widths the
        // next model is served with, through the last whole day.
        let later = end + TimeSlot.perDay
        let next = try #require(
            try await train(Self.week(end: later, days: 8), stored, later, TimeSlot.start(of: later)))
        #expect(next.calibration.through == ForecastCalendar.seoul.dayNumber(ofBucket: end))
        #expect(next.calibration.horizons.map(\.minutes) == Forecaster().horizons)
        #expect(next.calibration.horizons.allSatisfy { $0.days.reduce(0, +) == 1 })
    }

    @Test func aChildThatFailsSaysWhy() async throws {
        let path = Binaries.url("hangangjari-server").path
        let failure = await #expect(throws: ChildTraining.Failed.self) {
            try await ChildTraining.exchange(
                path, [ChildTraining.subcommand, "--cutoff", "1", "--now", "0"], input: Data("x\n".utf8),
                deadline: .seconds(600))
        }
        #expect(failure?.said.contains("training input line 1") == true, "\(String(describing: failure))")
    }

    /// A child that writes its process ID to `file` and then hangs.
    static func hanging(_ file: URL) -> [String] {
        ["-c", "echo $$ > '\(file.path)'; exec sleep 600"]
    }

    static func pidFile() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("hj-child-pid-\(UUID().uuidString)")
    }

    /// True once no process has `pid` (the child was killed and reaped).
    static func isGone(_ pid: pid_t) -> Bool { kill(pid, 0) != 0 && errno == ESRCH }

    /// True once `pid` is gone or a zombie: an orphan's new parent (init here) may not have reaped it yet.
    static func hasEnded(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
        // The state follows the command's closing parenthesis: "1234 (name) Z ...".
        return stat.split(separator: ")").last?.trimmingCharacters(in: .whitespaces).first == "Z"
    }

    /// True while one of `pid`'s threads is blocked reading a pipe (the kernel's wait channel says so).
    static func isReadingAPipe(_ pid: pid_t) -> Bool {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.contains { task in
            (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/wchan", encoding: .utf8))?.contains("pipe_read")
                == true
        }
    }

    @Test func aChildPastItsDeadlineIsKilledAndNamedSo() async throws {
        let file = Self.pidFile()
        defer { try? FileManager.default.removeItem(at: file) }
        let started = ContinuousClock.now
        let failure = await #expect(throws: ChildTraining.TimedOut.self) {
            try await ChildTraining.exchange("/bin/sh", Self.hanging(file), input: Data(), deadline: .seconds(1))
        }
        #expect(failure == ChildTraining.TimedOut(deadline: .seconds(1)))
        #expect(failure?.description == "the training process was killed after 1 s without an answer")
        #expect(ContinuousClock.now - started < .seconds(30))
        let pid = try #require(
            pid_t(
                String(decoding: try Data(contentsOf: file), as: UTF8.self).trimmingCharacters(
                    in: .whitespacesAndNewlines)))
        #expect(Self.isGone(pid))
    }

    @Test func aCancelledTrainingKillsItsChild() async throws {
        let file = Self.pidFile()
        defer { try? FileManager.default.removeItem(at: file) }
        let training = Task {
            try await ChildTraining.exchange("/bin/sh", Self.hanging(file), input: Data(), deadline: .seconds(600))
        }
        var pid: pid_t?
        for _ in 0..<300 where pid == nil {
            try await Task.sleep(for: .milliseconds(50))
            pid = (try? Data(contentsOf: file)).flatMap {
                pid_t(String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
            }
        }
        let child = try #require(pid)
        let started = ContinuousClock.now
        training.cancel()
        await #expect(throws: CancellationError.self) { try await training.value }
        #expect(ContinuousClock.now - started < .seconds(30))
        #expect(Self.isGone(child))
    }

    /// A server killed outright (SIGKILL: nothing of it runs again) leaves a child that trains for nobody: the child
    /// sees it is gone and ends within seconds. Here a shell stands in for the server, the child waiting for its
    /// input on the shell's standard input.
    @Test func aChildWhoseServerIsKilledEnds() async throws {
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/bin/sh")
        // Without job control a background command reads /dev/null unless told otherwise: hand it the shell's input.
        server.arguments = [
            "-c",
            "exec 3<&0; \"$0\" \(ChildTraining.subcommand) --cutoff 1 --now 0 <&3 3<&- >/dev/null 2>&1 & "
                + "echo $!; exec sleep 600",
            Binaries.url("hangangjari-server").path,
        ]
        let input = Pipe()
        let output = Pipe()
        server.standardInput = input
        server.standardOutput = output
        try server.run()
        defer { try? input.fileHandleForWriting.close() }
        let line = try #require(
            String(decoding: output.fileHandleForReading.availableData, as: UTF8.self).split(separator: "\n").first)
        let child = try #require(pid_t(line.trimmingCharacters(in: .whitespaces)))
        defer { if !Self.hasEnded(child) { kill(child, SIGKILL) } }
        let asked = ContinuousClock.now
        while !Self.isReadingAPipe(child), !Self.hasEnded(child), ContinuousClock.now - asked < .seconds(20) {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(Self.isReadingAPipe(child), "the child waits for its input while its server runs")

        kill(server.processIdentifier, SIGKILL)
        let started = ContinuousClock.now
        while !Self.hasEnded(child), ContinuousClock.now - started < .seconds(20) {
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(Self.hasEnded(child), "an orphaned training child ends")
    }

    /// 16 MB to a child that reads none of it: the write fails, the server (this process) goes on.
    @Test func aChildThatExitsWithoutReadingItsInputLeavesTheServerRunning() async throws {
        let failure = await #expect(throws: ChildTraining.Failed.self) {
            try await ChildTraining.exchange(
                "/bin/sh", ["-c", "echo closed early >&2; exit 3"], input: Data(count: 16 << 20),
                deadline: .seconds(600))
        }
        #expect(failure?.status == 3)
        #expect(failure?.said == "closed early")
    }
}
