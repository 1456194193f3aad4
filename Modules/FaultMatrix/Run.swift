import BenchmarkSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One finished run of a binary: what the user saw.
public struct Run: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    public var seconds: Double
}

/// Starts binaries through ``Spawn``, stdout and stderr to files (no pipes a child could hold open).
public struct Runner: Sendable {
    public var environment: [String: String]
    let scratch: URL

    public init(environment: [String: String], scratch: URL) {
        self.environment = environment
        self.scratch = scratch
    }

    /// Starts `argv`; returns its pid and the files its output goes to.
    public func spawn(_ argv: [String]) -> (pid: pid_t, out: URL, err: URL, started: UInt64)? {
        let id = UUID().uuidString
        let out = scratch.appendingPathComponent("\(id).out")
        let err = scratch.appendingPathComponent("\(id).err")
        let started = DispatchTime.now().uptimeNanoseconds
        guard
            let pid = Spawn.start(
                argv, environment: environment, streams: Spawn.Streams(output: out.path, error: err.path))
        else { return nil }
        return (pid, out, err, started)
    }

    /// Waits for a spawned command and collects what it printed.
    public func finish(_ spawned: (pid: pid_t, out: URL, err: URL, started: UInt64)) -> Run {
        let code = Spawn.wait(spawned.pid).status
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - spawned.started) / 1e9
        let read = { (url: URL) in (try? String(contentsOf: url, encoding: .utf8)) ?? "" }
        defer {
            try? FileManager.default.removeItem(at: spawned.out)
            try? FileManager.default.removeItem(at: spawned.err)
        }
        return Run(status: code, stdout: read(spawned.out), stderr: read(spawned.err), seconds: seconds)
    }

    /// Runs `argv` to completion.
    public func run(_ argv: [String]) -> Run {
        guard let spawned = spawn(argv) else {
            return Run(status: -1, stdout: "", stderr: "could not start \(argv[0])", seconds: 0)
        }
        return finish(spawned)
    }
}
