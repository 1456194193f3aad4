import Foundation
import TestFixtures
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A private tmux server driving a real terminal: keys in with `send-keys`, the screen out with `capture-pane`.
struct Tmux {
    static let executable = ["/usr/bin/tmux", "/usr/local/bin/tmux"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
    static var available: Bool { executable != nil }

    let socket = "hj-test-\(UUID().uuidString.prefix(8))"

    /// Runs a tmux client command with posix_spawn and waitpid. `capture` is off for the command that starts the
    /// server: the server keeps whatever it inherits open, so a pipe to it would never reach end of file (and
    /// Foundation's Process waits on such a pipe too).
    @discardableResult
    func run(_ arguments: [String], capture: Bool = true) throws -> String {
        let argv = [Self.executable ?? "/usr/bin/tmux", "-L", socket, "-f", "/dev/null"] + arguments
        var fds: [Int32] = [-1, -1]
        if capture { guard pipe(&fds) == 0 else { throw CocoaError(.fileWriteUnknown) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if capture {
            posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
            posix_spawn_file_actions_addclose(&actions, fds[0])
            posix_spawn_file_actions_addclose(&actions, fds[1])
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let environment = [
            "PATH=/usr/bin:/bin", "HOME=\(FileManager.default.temporaryDirectory.path)", "LANG=C.UTF-8",
            "TERM=xterm-256color",
        ]
        var cArgs = argv.map { strdup($0) } + [nil]
        var cEnv = environment.map { strdup($0) } + [nil]
        defer { for pointer in cArgs + cEnv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, argv[0], &actions, nil, &cArgs, &cEnv)
        var output = Data()
        if capture {
            close(fds[1])
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = read(fds[0], &buffer, buffer.count)
                if n <= 0 { break }
                output.append(contentsOf: buffer[0..<n])
            }
            close(fds[0])
        }
        guard spawned == 0 else { throw CocoaError(.executableLoad) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return String(decoding: output, as: UTF8.self)
    }

    /// Starts a shell in a `width`×`height` window, its clock pinned at `instant` (Seoul daytime unless a test says).
    func start(width: Int = 80, height: Int = 24, instant: Date = TestClock.daytime, since: Date = TestClock.anchor)
        throws
    {
        let clock = TestClock.shellAssignment(instant, since: since)
        try run(
            [
                "new-session", "-d", "-s", "main", "-x", "\(width)", "-y", "\(height)",
                "env -i \(SanitizerOptions.shellAssignments) \(clock) PATH=/usr/bin:/bin LANG=C.UTF-8 TERM=xterm-256color HOME=/tmp PS1='$ ' bash --norc --noprofile",
            ], capture: false)
    }

    /// Types `text` and presses Enter.
    func type(_ text: String) throws {
        try run(["send-keys", "-t", "main", "-l", text])
        try run(["send-keys", "-t", "main", "Enter"])
    }

    /// Presses keys by tmux name (`Right`, `C-c`, `q`).
    func press(_ keys: String...) throws {
        try run(["send-keys", "-t", "main"] + keys)
    }

    /// The visible screen, one string per row.
    func screen() throws -> [String] {
        try run(["capture-pane", "-p", "-t", "main"]).split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
    }

    /// Waits until the screen shows every one of `texts` and none of `absent`; returns the screen, or nil after `timeout`
    /// seconds (generous: it bounds a failure only, and a whole `swift test` on two cores may keep a paint waiting).
    func waitFor(_ texts: String..., without absent: [String] = [], timeout: Double = 45) async throws -> [String]? {
        let deadline = Date().addingTimeInterval(timeout)
        var rows: [String] = []
        while Date() < deadline {
            rows = try screen()
            let text = rows.joined(separator: "\n")
            if texts.allSatisfy({ text.contains($0) }), !absent.contains(where: { text.contains($0) }) { return rows }
            try await Task.sleep(for: .milliseconds(100))
        }
        let screen = rows.joined(separator: "\n")
        Issue.record("after \(timeout) s the screen lacks \(texts) or shows \(absent):\n\(screen)")
        return nil
    }

    func resize(width: Int, height: Int) throws {
        try run(["resize-window", "-t", "main", "-x", "\(width)", "-y", "\(height)"])
    }

    /// Ends the server and everything in its panes. `kill-server` alone was seen to leave a server running, so the
    /// pane processes and the server are also killed by pid.
    func kill() {
        let panes = ((try? run(["list-panes", "-a", "-F", "#{pane_pid}"])) ?? "").split(separator: "\n").compactMap {
            Int32($0)
        }
        let server = Int32(
            ((try? run(["display-message", "-p", "#{pid}"])) ?? "").trimmingCharacters(in: .whitespacesAndNewlines))
        _ = try? run(["kill-server"])
        for pane in panes {
            Glibc.kill(-pane, SIGKILL)  // the pane's process group: the shell and what it started
            Glibc.kill(pane, SIGKILL)
        }
        if let server { Glibc.kill(server, SIGKILL) }
    }
}
