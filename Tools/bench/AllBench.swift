import AppCore
import ArgumentParser
import BenchmarkSupport
import CurlHTTP
import Foundation
import Models
import RequestProof
import Storage
import WidgetSnapshot

/// Every benchmark the issues name, in one table.
struct AllBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "all", abstract: "Every benchmark, printed as one table.")

    func run() async throws {
        var rows: [BenchmarkRow] = []
        func section(_ name: String, _ body: () async throws -> [BenchmarkRow]) async {
            do {
                rows += try await body().map { row in
                    var row = row
                    if !row.figure.hasPrefix(name) { row.figure = name + ": " + row.figure }
                    return row
                }
            } catch {
                rows.append(BenchmarkRow(figure: name, value: "failed: \(error)"))
            }
        }
        await section("client") { try await ClientBench.parse([]).rows() }
        await section("server") { try await ServerBench.parse([]).rows() }
        await section("widget") { try await WidgetBench.parse([]).rows() }
        await section("app") { try await AppBench.parse([]).rows() }
        await section("backtest") { try await BacktestBench.parse(["--days", "14"]).rows() }
        await section("micro") { try await MicroBench.parse([]).rows() }
        await section("fresh-steps") {
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
                "hj-bench-steps-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: dir) }
            try await Self.writeSnapshots(to: dir)
            return try await FreshPathBench.parse(["--state-dir", dir.path]).rows()
        }
        print(BenchmarkRow.render(rows))
    }

    /// Both widget snapshots of Yeouido, built from the release server's answer.
    static func writeSnapshots(to dir: URL) async throws {
        let (server, baseURL) = try startServer()
        defer { server.terminate() }
        let transport = CurlTransport(configuration: TransportConfiguration(userAgent: "hangangjari-bench"))
        let body = try await transport.send(
            HTTPRequest(url: baseURL + "/v2/parks/yeouido/home-summary", deadline: Date().addingTimeInterval(5))
        ).body
        try SnapshotStore(container: SharedContainer(url: dir)).writeBoth(
            from: try ContractCoding.decode(HomeSummary.self, from: body), now: Date())
    }
}
