#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Runs one short command with posix_spawn: stdout to /dev/null, stderr collected. Foundation's `Process` would
/// link all of Foundation (and ICU's data) into the widget's small front.
enum SpawnedCommand {
    /// Why a command could not start.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Starts `arguments[0]` with `arguments` and `environment`, waits for it, and returns its exit status (128 +
    /// the signal when killed) and its first 64 KiB of stderr.
    static func run(_ arguments: [String], environment: [String: String]) throws(Failure) -> (
        status: Int32, stderr: [UInt8]
    ) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw Failure(description: String(cString: strerror(errno))) }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 2)
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let started = posix_spawn(&pid, arguments[0], &actions, nil, argv, envp)
        close(fds[1])
        defer { close(fds[0]) }
        guard started == 0 else { throw Failure(description: String(cString: strerror(started))) }
        var collected: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let got = chunk.withUnsafeMutableBytes { Glibc.read(fds[0], $0.baseAddress, $0.count) }
            if got < 0, errno == EINTR { continue }
            if got <= 0 { break }
            if collected.count < 64 << 10 { collected.append(contentsOf: chunk[..<got]) }
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let exited = status & 0x7f == 0
        return (exited ? (status >> 8) & 0xff : 128 + status & 0x7f, collected)
    }
}
