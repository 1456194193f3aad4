import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a command to completion with posix_spawn and reports its wall time and peak RSS (from wait4's rusage).
public enum ChildProcess {
    public struct Measurement: Sendable {
        public var seconds: Double
        public var peakRSSKiB: Int
        public var status: Int32
    }

    /// Runs `argv` (argv[0] is a path) with stdout and stderr sent to `output` (created or truncated), /dev/null by
    /// default, and no other descriptor of this process. It waits for the child itself, not for its output to close:
    /// a daemon the child starts may keep it.
    public static func measure(_ argv: [String], environment: [String: String]? = nil, output: String = "/dev/null")
        -> Measurement
    {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // Nothing else of this process reaches the child, nor a daemon it starts: a descriptor Foundation's Process
        // watches for another child's exit, held open by a long-lived daemon, would hide that exit for good.
        closeFrom(3, &actions)
        let env = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        var cArgs = argv.map { strdup($0) } + [nil]
        var cEnv = env.map { strdup($0) } + [nil]
        defer {
            for pointer in cArgs + cEnv { free(pointer) }
        }
        var pid: pid_t = 0
        let started = DispatchTime.now().uptimeNanoseconds
        guard posix_spawn(&pid, argv[0], &actions, nil, &cArgs, &cEnv) == 0 else {
            return Measurement(seconds: .nan, peakRSSKiB: 0, status: -1)
        }
        var status: Int32 = 0
        var usage = rusage()
        wait4(pid, &status, 0, &usage)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : -1
        return Measurement(seconds: seconds, peakRSSKiB: Int(usage.ru_maxrss), status: exit)
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

    private static func closeFrom(_ first: Int32, _ actions: inout posix_spawn_file_actions_t) {
        _ = addCloseFrom?(&actions, first)
    }

    /// Median wall time over `runs` direct runs, and the peak RSS of the command measured through GNU time.
    ///
    /// posix_spawn uses vfork, so a child's own ru_maxrss includes the parent's memory before exec; GNU time forks
    /// from a small process and reports the command's peak alone (0 when /usr/bin/time is missing).
    public static func repeated(_ argv: [String], runs: Int, environment: [String: String]? = nil) -> (
        median: Double, peakRSSKiB: Int, statuses: Set<Int32>
    ) {
        var times: [Double] = []
        var statuses = Set<Int32>()
        for _ in 0..<runs {
            let m = measure(argv, environment: environment)
            times.append(m.seconds)
            statuses.insert(m.status)
        }
        return (LatencySummary.median(times), peakRSS(argv, environment: environment), statuses)
    }

    /// The peak RSS in KiB of one run of `argv`, through `/usr/bin/time -f %M`.
    public static func peakRSS(_ argv: [String], environment: [String: String]? = nil) -> Int {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else { return 0 }
        let report = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hj-rss-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        defer { try? FileManager.default.removeItem(at: report) }
        _ = measure(["/usr/bin/time", "-f", "%M", "-o", report.path] + argv, environment: environment)
        let text = (try? String(contentsOf: report, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }.last ?? 0
    }
}
