import Logging
import PostgresStore

/// A database handle with its connection pool running, as one instance of a deployment holds it; the pool stops
/// when the handle goes.
final class PooledDatabase: Sendable {
    let database: PostgresDatabase
    private let pool: Task<Void, Never>

    init(_ url: String) throws {
        // Generous: the whole suite runs beside these tests on two cores.
        let database = PostgresDatabase(url: try DatabaseURL(url), logger: Logger(label: "test"), timeout: .seconds(60))
        self.database = database
        pool = Task { await database.run() }
    }

    deinit { pool.cancel() }
}
