import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a command to completion through ``Spawn`` and reports its wall time and peak RSS (from wait4's rusage).
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
        let started = DispatchTime.now().uptimeNanoseconds
        guard
            let pid = Spawn.start(
                argv, environment: environment ?? ProcessInfo.processInfo.environment,
                streams: Spawn.Streams(output: output))
        else { return Measurement(seconds: .nan, peakRSSKiB: 0, status: -1) }
        let exit = Spawn.wait(pid)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        return Measurement(seconds: seconds, peakRSSKiB: exit.peakRSSKiB, status: exit.status)
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
