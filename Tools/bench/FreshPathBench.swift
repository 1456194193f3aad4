import AppCore
import ArgumentParser
import BenchmarkSupport
import Cache
import Foundation
import Models
import Storage
import WidgetRendering
import WidgetSnapshot

struct FreshPathBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fresh-steps", abstract: "Costs of the widget's fresh-path steps, in process.")
    @Option var iterations = 500
    @Option(help: "A state directory with a parking snapshot for yeouido.") var stateDir: String

    func run() async throws { print(BenchmarkRow.render(try await rows())) }

    func rows() async throws -> [BenchmarkRow] {
        let container = SharedContainer(url: URL(fileURLWithPath: stateDir))
        func time(_ name: String, _ body: () throws -> Void) rethrows -> BenchmarkRow {
            try BenchmarkRow.perCall(name, iterations: iterations, body)
        }
        let store = SnapshotStore(container: container)
        guard case .success(let snapshot) = store.read(.parking, "yeouido") else {
            throw ValidationError("no snapshot in \(stateDir)")
        }
        let entry = WidgetEntry(
            kind: .parking, parkId: "yeouido", snapshot: snapshot, state: .current, nextRefresh: Date())
        let rows = [
            time("environment") { _ = ProcessInfo.processInfo.environment },
            time("settings load") { _ = SettingsStore(container: container).load() },
            time("snapshot read + decode") { _ = store.read(.parking, "yeouido") },
            time("format waybar") { _ = WidgetFormatter(language: .en, now: Date()).render(entry, as: .waybar) },
            time("format text") { _ = WidgetFormatter(language: .en, now: Date()).render(entry, as: .text) },
        ]
        return rows
    }
}
