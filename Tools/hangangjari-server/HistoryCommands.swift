import ArgumentParser
import Foundation
import Models
import ReferenceServer
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

        @Option(help: "The history file (default: as for serve with Seoul data).") var history: String?

        func run() async throws {
            guard
                let path = try HistoryLocation.path(
                    flag: history, seoul: true, environment: ProcessInfo.processInfo.environment),
                FileManager.default.fileExists(atPath: path)
            else { throw ValidationError("no history file (give --history FILE)") }
            let store = try SQLiteHistoryStore(path: path)
            print(HistoryCSV.header)
            for reading in try await store.allReadings() {
                print(HistoryCSV.line(reading, catalog: .bundled))
            }
        }
    }
}
