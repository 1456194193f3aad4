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

        @OptionGroup var store: StoreOptions

        func run() async throws {
            switch try store.store(in: try store.environment()) {
            case .database(let url):
                try await withDatabase(url, label: "history") { try await export(PostgresHistoryStore(database: $0)) }
            case .file(let path):
                try await export(try SQLiteHistoryStore(path: path))
            }
        }

        private func export(_ store: any HistoryArchive) async throws {
            print(HistoryCSV.header)
            for reading in try await store.allReadings() {
                print(HistoryCSV.line(reading, catalog: .bundled))
            }
        }
    }
}
