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

/// Starts binaries with posix_spawn, stdout and stderr to files (no pipes a child could hold open).
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
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, out.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, err.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var cArgs = argv.map { strdup($0) } + [nil]
        var cEnv = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in cArgs + cEnv { free(pointer) } }
        var pid: pid_t = 0
        let started = DispatchTime.now().uptimeNanoseconds
        guard posix_spawn(&pid, argv[0], &actions, nil, &cArgs, &cEnv) == 0 else { return nil }
        return (pid, out, err, started)
    }

    /// Waits for a spawned command and collects what it printed.
    public func finish(_ spawned: (pid: pid_t, out: URL, err: URL, started: UInt64)) -> Run {
        var status: Int32 = 0
        while waitpid(spawned.pid, &status, 0) < 0, errno == EINTR {}
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - spawned.started) / 1e9
        let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
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
