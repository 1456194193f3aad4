import ArgumentParser
import BenchmarkSupport
import Foundation

/// Instructions a server executes per request, counted by callgrind: a figure that does not move with how busy the
/// machine is. The server runs under `valgrind --tool=callgrind` from a stripped copy (Debian's valgrind cannot read
/// these binaries' debug information); after a warm-up, each window zeroes the counters, sends a fixed number of
/// requests on one kept-alive curl connection and dumps them; an idle window of the same length is subtracted.
struct InstructionCount {
    let valgrind: String
    let control: String
    let curl: String
    let work: URL

    /// The tools, or nil when one is missing (the row then says so).
    init?(work: URL) {
        guard let valgrind = External.which("valgrind"), let control = External.which("callgrind_control"),
            let curl = External.which("curl")
        else { return nil }
        (self.valgrind, self.control, self.curl, self.work) = (valgrind, control, curl, work)
    }

    /// The median instructions per request over `windows` windows of `requests` requests to `path`.
    func perRequest(
        _ binary: String, _ arguments: [String], environment: [String: String] = [:], path: String,
        requests: Int, windows: Int
    ) throws -> Double {
        let name = URL(fileURLWithPath: binary).lastPathComponent
        let stripped = work.appendingPathComponent(name + "-stripped").path
        if !FileManager.default.fileExists(atPath: stripped) {
            _ = try External.run(External.which("strip") ?? "/usr/bin/strip", ["-o", stripped, binary])
        }
        let output = work.appendingPathComponent("callgrind-\(name)-\(UUID().uuidString.prefix(8))").path
        let (process, baseURL) = try startListening(
            valgrind,
            ["--tool=callgrind", "--callgrind-out-file=" + output, "--dump-instr=no", stripped] + arguments,
            environment: environment)
        defer { process.terminate() }
        let url = baseURL + path
        try waitForOK(url)
        let batch = work.appendingPathComponent("requests-\(requests).curl")
        try String(repeating: "url = \(url)\noutput = /dev/null\n", count: requests).write(
            to: batch, atomically: true, encoding: .utf8)
        let pid = String(process.processIdentifier)
        _ = try External.run(curl, ["-s", "-K", batch.path])  // warm-up
        var counts: [Double] = []
        var dumps = 0
        /// Dumps the counters; callgrind writes the n-th dump to `output.n`.
        func dump(_ label: String) throws -> Int {
            dumps += 1
            return try self.dump(pid: pid, file: output + ".\(dumps)", label: label)
        }
        for window in 0..<windows {
            _ = try External.run(control, ["--zero", pid])
            let started = Date()
            _ = try External.run(curl, ["-s", "-K", batch.path])
            let seconds = Date().timeIntervalSince(started)
            let load = try dump("load\(window)")
            _ = try External.run(control, ["--zero", pid])
            Thread.sleep(forTimeInterval: seconds)
            let idle = try dump("idle\(window)")
            counts.append(Double(load - idle) / Double(requests))
        }
        return LatencySummary.median(counts)
    }

    /// Polls until `url` answers 200 (the first collection has run).
    private func waitForOK(_ url: String) throws {
        for _ in 0..<240 {
            let (code, _, _) = try External.run(curl, ["-s", "-o", "/dev/null", "-w", "%{http_code}", url])
            if code == "200" { return }
            Thread.sleep(forTimeInterval: 0.5)
        }
        throw ValidationError("\(url) never answered 200 under callgrind")
    }

    /// Asks for a dump and reads its total instructions from `file` once callgrind has written it.
    private func dump(pid: String, file: String, label: String) throws -> Int {
        _ = try External.run(control, ["--dump=" + label, pid])
        for _ in 0..<200 {
            if let text = try? String(contentsOfFile: file, encoding: .utf8), text.contains("\ntotals: "),
                let line = text.split(separator: "\n").first(where: { $0.hasPrefix("summary: ") }),
                let count = Int(line.dropFirst("summary: ".count))
            {
                return count
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw ValidationError("callgrind wrote no dump '\(label)' to \(file)")
    }
}
