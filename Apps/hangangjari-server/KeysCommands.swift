import ArgumentParser
import Foundation
import Models
import PostgresStore
import ReferenceServer
import ServerTrust

/// The access keys a deployment keeps in PostgreSQL (`DATABASE_URL`): list them, or rotate in a new signing key.
struct KeysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "The root keys of access tokens in the deployment's database (DATABASE_URL).",
        discussion:
            "Instances reload the keys every \(Int(KeyRing.refreshInterval)) s. TOKEN_KEYS, when set, overrides them.",
        subcommands: [List.self, Rotate.self])

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print each key: id, created, and until when it verifies (never its secret).")

        @OptionGroup var store: StoreOptions

        func run() async throws {
            try await withKeys(store) { keys in
                for key in try await keys.list() {
                    let until = key.retireAt.map { "verifies until " + ISO8601.format($0) } ?? "signs"
                    print("\(key.id)\tcreated \(ISO8601.format(key.createdAt))\t\(until)")
                }
            }
        }
    }

    struct Rotate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a new signing key; the keys before it verify for the overlap, then retire.",
            discussion: "The default overlap is the token lifetime (TOKEN_LIFETIME, 3600 s) plus two reloads.")

        @Option(help: "Seconds the replaced keys keep verifying.") var overlap: Int?
        @OptionGroup var store: StoreOptions

        func run() async throws {
            let configuration = try settings(store)
            let seconds = overlap.map(TimeInterval.init) ?? KeyRing.overlap(tokenLifetime: configuration.tokenLifetime)
            guard seconds >= 0 else { throw ValidationError("--overlap must not be negative") }
            try await withKeys(store) { keys in
                let id = try await keys.rotate(overlap: seconds)
                print("\(id) signs now; the keys before it verify for \(Int(seconds)) s more")
            }
        }
    }
}

/// The server's settings from the environment (under the unit's environment file), as `serve` reads them.
private func settings(_ store: StoreOptions) throws -> ServerConfiguration {
    let environment = try store.environment()
    do {
        return try ServerSettings.configuration(environment: environment)
    } catch {
        throw ValidationError(error.description)
    }
}

/// Runs `work` with the database's keys; fails when `DATABASE_URL` is set neither in the environment nor in the
/// unit's environment file.
private func withKeys(_ store: StoreOptions, _ work: (PostgresTokenKeys) async throws -> Void) async throws {
    guard let url = try settings(store).databaseURL else {
        throw ValidationError("keys live in the deployment's database: set DATABASE_URL (or DATABASE_URL_FILE)")
    }
    store.name(.database(url: url))
    try await withDatabase(url, label: "keys") { try await work(PostgresTokenKeys(database: $0)) }
}
