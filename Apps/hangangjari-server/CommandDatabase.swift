import ArgumentParser
import Logging
import PostgresStore

/// Opens the deployment's database for one command (`history export`, `keys`), its pool running until `work`
/// returns; a bad URL is a usage error that names the problem without the password.
func withDatabase<T>(_ url: String, label: String, _ work: (PostgresDatabase) async throws -> T) async throws -> T {
    let database: PostgresDatabase
    do { database = PostgresDatabase(url: try DatabaseURL(url), logger: Logger(label: label)) } catch {
        throw ValidationError(error.description)
    }
    let pool = Task { await database.run() }
    defer { pool.cancel() }
    return try await work(database)
}
