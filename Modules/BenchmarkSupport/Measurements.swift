import Foundation

/// Percentiles and rates over latency samples.
public struct LatencySummary: Sendable {
    public let count: Int
    public let total: Double
    public let p50: Double
    public let p99: Double

    /// Summarises samples in seconds; `total` is the wall time of the whole run.
    public init(samples: [Double], total: Double) {
        let sorted = samples.sorted()
        count = sorted.count
        self.total = total
        p50 = Self.percentile(sorted, 0.50)
        p99 = Self.percentile(sorted, 0.99)
    }

    /// Requests per second over the run.
    public var rate: Double { Double(count) / max(total, 1e-9) }

    static func percentile(_ sorted: [Double], _ q: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        let index = min(sorted.count - 1, Int((Double(sorted.count - 1) * q).rounded()))
        return sorted[index]
    }

    /// The median of values.
    public static func median(_ values: [Double]) -> Double { percentile(values.sorted(), 0.5) }
}

/// Resident memory of a process, from /proc.
public enum ResidentMemory {
    /// VmRSS in KiB of `pid` (this process when nil).
    public static func kib(pid: Int32? = nil) -> Int? { statusField("VmRSS:", pid: pid) }

    /// VmHWM (peak RSS) in KiB of `pid`.
    public static func peakKiB(pid: Int32) -> Int? { statusField("VmHWM:", pid: pid) }

    static func statusField(_ field: String, pid: Int32?) -> Int? {
        let path = pid.map { "/proc/\($0)/status" } ?? "/proc/self/status"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(field) {
            return Int(line.split(separator: " ").dropFirst().first ?? "")
        }
        return nil
    }
}

/// One row of the benchmark table: a figure, its value, the reference measured in the same run, and the goal.
public struct BenchmarkRow: Sendable {
    public var figure: String
    public var value: String
    public var reference: String
    public var ratio: String
    public var goal: String
    public var met: Bool?

    public init(
        figure: String, value: String, reference: String = "", ratio: String = "", goal: String = "", met: Bool? = nil
    ) {
        self.figure = figure
        self.value = value
        self.reference = reference
        self.ratio = ratio
        self.goal = goal
        self.met = met
    }

    /// A fixed-width table; no line ends in spaces.
    public static func render(_ rows: [BenchmarkRow]) -> String {
        let headers = ["figure", "value", "reference (same run)", "ratio", "goal", "met"]
        let cells = rows.map {
            [$0.figure, $0.value, $0.reference, $0.ratio, $0.goal, $0.met.map { $0 ? "yes" : "NO" } ?? ""]
        }
        let widths = headers.indices.map { i in ([headers[i]] + cells.map { $0[i] }).map(\.count).max() ?? 0 }
        func line(_ values: [String]) -> String {
            let padded = zip(values, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }
            return String(padded.joined(separator: "  ").reversed().drop { $0 == " " }.reversed())
        }
        return ([line(headers), line(widths.map { String(repeating: "-", count: $0) })] + cells.map(line)).joined(
            separator: "\n")
    }
}

/// Runs external programs for side-by-side references.
public enum External {
    /// Runs a program to completion and returns its standard output and wall time.
    @discardableResult
    public static func run(_ executable: String, _ arguments: [String]) throws -> (
        output: String, seconds: Double, status: Int32
    ) {
        let (process, pipe) = piped(executable, arguments)
        let started = Date()
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: data, as: UTF8.self), Date().timeIntervalSince(started), process.terminationStatus)
    }

    /// Starts a long-running program whose first stdout line matches `ready`; returns it with that line. `environment`
    /// is added to this process's own.
    public static func start(
        _ executable: String, _ arguments: [String], readyPrefix: String, environment: [String: String] = [:]
    ) throws -> (Process, String) {
        let (process, pipe) = piped(executable, arguments)
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        try process.run()
        var buffer = Data()
        while !buffer.contains(10) {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            buffer.append(chunk)
        }
        let line = String(decoding: buffer.prefix { $0 != 10 }, as: UTF8.self)
        guard line.hasPrefix(readyPrefix) else {
            process.terminate()
            throw CocoaError(
                .featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "\(executable) did not start: \(line)"])
        }
        return (process, line)
    }

    /// A process with stdout to a pipe and stderr discarded, not yet started.
    static func piped(_ executable: String, _ arguments: [String]) -> (Process, Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        return (process, pipe)
    }

    /// The first of `names` found on PATH.
    public static func which(_ names: String...) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let directories: [String] = path.split(separator: ":").map(String.init) + ["/usr/sbin", "/sbin"]
        for name in names {
            for dir in directories {
                let candidate = "\(dir)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }
}

/// Parses wrk's `--latency` output.
public struct WrkResult: Sendable {
    public var requestsPerSecond: Double
    public var p99Milliseconds: Double
    public var non2xx: Int
    /// Requests completed in the run.
    public var requests = 0
    /// Connect, read, write errors and timeouts together.
    public var socketErrors = 0

    public init?(_ output: String) {
        var rps: Double?
        var p99: Double?
        var non2xx = 0
        for line in output.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if line.contains(" requests in ") { requests = Int(line.split(separator: " ").first ?? "") ?? 0 }
            if line.hasPrefix("Socket errors:") {
                socketErrors = line.split(separator: ",").compactMap { Int($0.split(separator: " ").last ?? "") }
                    .reduce(0, +)
            }
            if line.hasPrefix("Requests/sec:") { rps = Double(line.split(separator: " ").last ?? "") }
            if line.hasPrefix("99%") { p99 = Self.milliseconds(String(line.split(separator: " ").last ?? "")) }
            if line.hasPrefix("Non-2xx or 3xx responses:") { non2xx = Int(line.split(separator: " ").last ?? "") ?? 0 }
        }
        guard let rps, let p99 else { return nil }
        requestsPerSecond = rps
        p99Milliseconds = p99
        self.non2xx = non2xx
    }

    /// The run with the median request rate (its p99 is reported with it).
    public static func median(_ runs: [WrkResult]) -> WrkResult {
        runs.sorted { $0.requestsPerSecond < $1.requestsPerSecond }[runs.count / 2]
    }

    static func milliseconds(_ text: String) -> Double? {
        if text.hasSuffix("us") { return Double(text.dropLast(2)).map { $0 / 1000 } }
        if text.hasSuffix("ms") { return Double(text.dropLast(2)) }
        if text.hasSuffix("s") { return Double(text.dropLast(1)).map { $0 * 1000 } }
        return nil
    }
}

extension BenchmarkRow {
    /// A row with the mean cost of one call of `body`, over `iterations` calls.
    public static func perCall(_ figure: String, iterations: Int, _ body: () throws -> Void) rethrows -> BenchmarkRow {
        let started = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<iterations { try body() }
        let micros = Double(DispatchTime.now().uptimeNanoseconds - started) / Double(iterations) / 1000
        return BenchmarkRow(figure: figure, value: String(format: "%.1f us", micros))
    }
}
