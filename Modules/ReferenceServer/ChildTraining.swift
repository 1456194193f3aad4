import Foundation
import Models
import ServerForecasting
import Synchronization

/// Trains the forecast model in a child process of the running executable (`hangangjari-server train-forecast`):
/// the model in use and the history's readings go in on its standard input (`TrainingWire`), the stored model comes
/// back on its standard output. Everything the training allocates (feature rows, the first model, XGBoost's
/// threads) leaves with it. A child that has not answered by the deadline, or whose training is cancelled (the
/// server stopping), is killed: a hung training never holds the learning loop or a shutdown.
public enum ChildTraining {
    /// The training failed in the child: its exit status and what it said on standard error.
    public struct Failed: Error, CustomStringConvertible {
        public var status: Int32
        public var said: String
        public var description: String { "the training process exited with \(status): \(said)" }
    }

    /// The child had not answered by the deadline and was killed.
    public struct TimedOut: Error, Equatable, CustomStringConvertible {
        public var deadline: Duration
        public var description: String {
            "the training process was killed after \(deadline.components.seconds) s without an answer"
        }
    }

    /// The subcommand the child runs.
    public static let subcommand = "train-forecast"
    /// How long a training may take: one of 12 weeks of 30 lots takes about 12 s alone (`Tools/bench/run training`),
    /// and a few times that beside a server under load; far more means it hangs.
    public static let defaultDeadline: Duration = .seconds(1800)

    /// A `ForecastLearning.separately` that runs `executable` (this process's own by default) as the child.
    public static func run(executable: String = "/proc/self/exe", deadline: Duration = defaultDeadline)
        -> @Sendable ([(lot: LotID, at: Date, available: Int)], StoredForecastModel?, Int, Date) async throws ->
        StoredForecastModel?
    {
        { readings, previous, cutoff, now in
            let input = TrainingWire.encode(readings, previous: try previous?.encoded())
            let arguments = [subcommand, "--cutoff", String(cutoff), "--now", String(Int64(now.timeIntervalSince1970))]
            let output = try await exchange(executable, arguments, input: input, deadline: deadline)
            return output.isEmpty ? nil : try StoredForecastModel.decoded(output)
        }
    }

    /// Runs the child with `input` on its standard input, off the cooperative pool; its standard output once it
    /// exited 0. Killed at `deadline` (``TimedOut``) or when the calling task is cancelled (`CancellationError`).
    static func exchange(_ executable: String, _ arguments: [String], input: Data, deadline: Duration) async throws
        -> Data
    {
        let child = Child()
        return try await withTaskCancellationHandler {
            try await offThePool { try exchange(executable, arguments, input: input, deadline: deadline, child: child) }
        } onCancel: {
            child.kill(.cancelled)
        }
    }

    private static func exchange(
        _ executable: String, _ arguments: [String], input: Data, deadline: Duration, child: Child
    ) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let (stdin, stdout, stderr) = (Pipe(), Pipe(), Pipe())
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        child.started(process.processIdentifier)
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(Int(deadline / .milliseconds(1)))) {
            child.kill(.deadline)
        }
        // Written and read on threads of their own: a child blocked on a full pipe would never exit.
        Thread {
            // A child that exits (or is killed) before reading everything: the write fails with EPIPE rather than
            // the signal ending the server, as SIGPIPE is held back on this thread, which then ends.
            var pipeSignal = sigset_t()
            sigemptyset(&pipeSignal)
            sigaddset(&pipeSignal, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
            try? stdin.fileHandleForWriting.write(contentsOf: input)
            try? stdin.fileHandleForWriting.close()
        }.start()
        let said = Box()
        let read = DispatchSemaphore(value: 0)
        Thread {
            said.data = stderr.fileHandleForReading.readDataToEndOfFile()
            read.signal()
        }.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        read.wait()
        switch child.exited() {
        case .deadline?: throw TimedOut(deadline: deadline)
        case .cancelled?: throw CancellationError()
        case nil: break
        }
        guard process.terminationStatus == 0 else {
            throw Failed(
                status: process.terminationStatus,
                said: String(decoding: said.data.suffix(2000), as: UTF8.self).trimmingCharacters(
                    in: .whitespacesAndNewlines))
        }
        return output
    }

    /// The running child, killed at most once and never after it exited (its process ID may be reused by then).
    private final class Child: Sendable {
        enum Reason { case deadline, cancelled }
        private struct State {
            var pid: pid_t?
            var exited = false
            var killed: Reason?
        }
        private let state = Mutex(State())

        func started(_ pid: pid_t) {
            let cancelledBefore = state.withLock { state in
                state.pid = pid
                return state.killed != nil
            }
            if cancelledBefore { Glibc.kill(pid, SIGKILL) }
        }

        func kill(_ reason: Reason) {
            state.withLock { state in
                guard !state.exited, state.killed == nil else { return }
                state.killed = reason
                if let pid = state.pid { Glibc.kill(pid, SIGKILL) }
            }
        }

        /// Why it was killed, if it was.
        func exited() -> Reason? {
            state.withLock { state in
                state.exited = true
                return state.killed
            }
        }
    }

    /// Standard error's bytes, handed from the reading thread (read after its semaphore).
    private final class Box: @unchecked Sendable {
        var data = Data()
    }
}
