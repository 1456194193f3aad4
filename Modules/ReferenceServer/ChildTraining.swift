import Foundation
import Models
import ServerForecasting

/// Trains the forecast model in a child process of the running executable (`hangangjari-server train-forecast`):
/// the model in use and the history's readings go in on its standard input (`TrainingWire`), the stored model comes
/// back on its standard output. Everything the training allocates (feature rows, the first model, XGBoost's
/// threads) leaves with it.
public enum ChildTraining {
    /// The training failed in the child: its exit status and what it said on standard error.
    public struct Failed: Error, CustomStringConvertible {
        public var status: Int32
        public var said: String
        public var description: String { "the training process exited with \(status): \(said)" }
    }

    /// The subcommand the child runs.
    public static let subcommand = "train-forecast"

    /// A `ForecastLearning.separately` that runs `executable` (this process's own by default) as the child.
    public static func run(executable: String = "/proc/self/exe")
        -> @Sendable ([(lot: LotID, at: Date, available: Int)], StoredForecastModel?, Int, Date) async throws ->
        StoredForecastModel?
    {
        { readings, previous, cutoff, now in
            let input = TrainingWire.encode(readings, previous: try previous?.encoded())
            let arguments = [subcommand, "--cutoff", String(cutoff), "--now", String(Int64(now.timeIntervalSince1970))]
            let output = try await offThePool { try exchange(executable, arguments, input: input) }
            return output.isEmpty ? nil : try StoredForecastModel.decoded(output)
        }
    }

    /// Runs the child with `input` on its standard input; its standard output once it exited 0.
    static func exchange(_ executable: String, _ arguments: [String], input: Data) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let (stdin, stdout, stderr) = (Pipe(), Pipe(), Pipe())
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Written and read on threads of their own: a child blocked on a full pipe would never exit.
        let writer = Thread {
            stdin.fileHandleForWriting.write(input)
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let said = Box()
        let read = DispatchSemaphore(value: 0)
        Thread {
            said.data = stderr.fileHandleForReading.readDataToEndOfFile()
            read.signal()
        }.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        read.wait()
        guard process.terminationStatus == 0 else {
            throw Failed(
                status: process.terminationStatus,
                said: String(decoding: said.data.suffix(2000), as: UTF8.self).trimmingCharacters(
                    in: .whitespacesAndNewlines))
        }
        return output
    }

    /// Standard error's bytes, handed from the reading thread (read after its semaphore).
    private final class Box: @unchecked Sendable {
        var data = Data()
    }
}
