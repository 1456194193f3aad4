import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The one way the tools and tests start a child process: posix_spawn, its standard streams opened in the child
/// from paths (a file, `/dev/null`, a pseudo-terminal), and no other descriptor of this process. A descriptor
/// Foundation's Process watches for another child's exit, held open by a long-lived daemon the child starts, would
/// hide that exit for good.
public enum Spawn {
    /// Where the child's standard streams go.
    public struct Streams: Sendable {
        public var input: String
        public var output: String
        /// nil: the same file as the output.
        public var error: String?

        public init(input: String = "/dev/null", output: String = "/dev/null", error: String? = nil) {
            self.input = input
            self.output = output
            self.error = error
        }
    }

    /// How a child ended.
    public struct Exit: Sendable {
        /// The exit status, or 128 plus the signal that ended it.
        public var status: Int32
        /// Its peak resident memory as the kernel counted it (with vfork, the parent's before the exec too).
        public var peakRSSKiB: Int
    }

    /// Starts `argv` (argv[0] is a path); `newSession` makes it a session leader (a terminal becomes its
    /// controlling one). Nil when it could not be started.
    public static func start(
        _ argv: [String], environment: [String: String], streams: Streams = Streams(), newSession: Bool = false
    ) -> pid_t? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, streams.input, O_RDWR, 0)
        posix_spawn_file_actions_addopen(&actions, 1, streams.output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        if let error = streams.error, error != streams.output {
            posix_spawn_file_actions_addopen(&actions, 2, error, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        } else {
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }
        _ = addCloseFrom?(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if newSession { posix_spawnattr_setflags(&attributes, posixSpawnSetsid) }
        var cArgs = argv.map { strdup($0) } + [nil]
        var cEnv = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in cArgs + cEnv { free(pointer) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, argv[0], &actions, &attributes, &cArgs, &cEnv) == 0 else { return nil }
        return pid
    }

    /// Waits for `pid` to end.
    public static func wait(_ pid: pid_t) -> Exit {
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0, errno == EINTR {}
        let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Exit(status: code, peakRSSKiB: Int(usage.ru_maxrss))
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's Glibc module does not
    /// export; looked up once.
    private static let addCloseFrom:
        (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
            else { return nil }
            return unsafeBitCast(
                symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
        }()
}

/// `POSIX_SPAWN_SETSID`: start the child in a new session (Glibc does not export it to Swift).
private let posixSpawnSetsid = Int16(0x80)
