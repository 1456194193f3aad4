import ArgumentParser
import BenchmarkSupport
import Foundation

/// One command for the figures the issues name: builds nothing itself (run `Tools/bench/run`), measures the release
/// binaries beside it and their references (curl, wrk against nginx) side by side in one run.
@main
struct Bench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hangangjari-bench", abstract: "Benchmarks of the Hangangjari client and reference server.",
        subcommands: [
            AllBench.self, ClientBench.self, ServerBench.self, WidgetBench.self, FreshPathBench.self, AppBench.self,
            BacktestBench.self, TrainingBench.self, PushBench.self, MicroBench.self, GoBench.self, FloorServer.self,
            PairServer.self,
        ])
}

/// Starts the release server beside the bench (or `binary`) on a free port, access log off unless asked for;
/// `environment` adds settings (a database, secrets).
func startServer(
    _ extra: [String] = [], binary: String? = nil, accessLog: Bool = false, environment: [String: String] = [:]
) throws -> (Process, String) {
    try startListening(
        binary ?? sibling("hangangjari-server"), ["serve", "--port", "0", "--unsigned-reads", "allow"] + extra,
        environment: ["ACCESS_LOG": accessLog ? "on" : "off", "BACKFILL_DAYS": "28"].merging(environment) { $1 })
}

/// A binary beside the bench (the release products are built together).
func sibling(_ name: String) -> String {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name).path
}

/// Starts a server that prints `listening on <base URL>` when ready; the process and the base URL.
func startListening(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> (
    Process, String
) {
    let (process, line) = try External.start(
        executable, arguments, readyPrefix: "listening on ", environment: environment)
    return (process, String(line.dropFirst("listening on ".count)))
}

func ms(_ seconds: Double) -> String { String(format: "%.3f ms", seconds * 1000) }
