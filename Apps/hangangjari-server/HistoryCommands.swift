import ArgumentParser
import Foundation
import Logging
import Models
import PostgresStore
import ReferenceServer
import ServerForecasting
import Storage

/// Where the server keeps history: the flag, then `HISTORY_PATH`, then (for real data) a file under the XDG state
/// directory; simulated data stays in memory (it is regenerated at start).
struct HistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history", abstract: "Recorded history.", subcommands: [Export.self])

    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Write recorded history as CSV: lot_id,capacity,occupied,observed_at (Seoul time, with its offset).")

        @Option(help: "The history file (default: DATABASE_URL when set, else as for serve with Seoul data).")
        var history: String?

        func run() async throws {
            let environment = ProcessInfo.processInfo.environment
            if history == nil, let url = try Secret.read("DATABASE_URL", environment: environment) {
                try await withDatabase(url, label: "history") { try await export(PostgresHistoryStore(database: $0)) }
                return
            }
            guard
                let path = try HistoryLocation.path(
                    chosen: history ?? environment["HISTORY_PATH"], seoul: true, environment: environment),
                FileManager.default.fileExists(atPath: path)
            else { throw ValidationError("no history file (give --history FILE)") }
            try await export(try SQLiteHistoryStore(path: path))
        }

        private func export(_ store: any HistoryArchive) async throws {
            print(HistoryCSV.header)
            for reading in try await store.allReadings() {
                print(HistoryCSV.line(reading, catalog: .bundled))
            }
        }
    }
}
