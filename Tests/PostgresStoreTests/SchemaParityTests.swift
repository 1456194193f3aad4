import BenchmarkSupport
import Foundation
import GRDB
import Models
import ServerDatabase
import TestFixtures
import Testing

/// A lone server's SQLite file and a deployment's PostgreSQL database hold the same tables with the same columns,
/// so that a value kept by one store is kept by the other in the same place. PostgreSQL alone has what instances
/// share among themselves (collected values, access keys, rate-limit buckets, the schema's version).
@Suite struct SchemaParityTests {
    static let sharedOnly: Set<String> = ["park_snapshot", "token_key", "rate_bucket", "hangangjari_schema"]

    @Test func bothStoresHoldTheSameTablesAndColumns() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hj-schema-\(UUID()).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let sqlite = try await ServerDatabaseFile.open(path).read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT m.name, p.name FROM sqlite_master m JOIN pragma_table_info(m.name) p
                    WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.name <> 'grdb_migrations'
                    """
            ).map { "\($0[0] as String).\($0[1] as String)" }
        }

        let store = try await StoreUnderTest(.postgres)
        defer { store.close() }
        _ = try await store.records.status(now: TestClock.now())
        let url = try #require(store.databaseURL)
        let columns = try await PostgresCluster.shared().psql(
            url,
            """
            SELECT table_name || '.' || column_name FROM information_schema.columns
            WHERE table_schema = 'public' ORDER BY 1
            """)
        let postgres = columns.split(separator: "\n").map(String.init)
            .filter { !Self.sharedOnly.contains(String($0.prefix { $0 != "." })) }

        #expect(Set(sqlite).subtracting(postgres).sorted() == [], "only in SQLite")
        #expect(Set(postgres).subtracting(sqlite).sorted() == [], "only in PostgreSQL")
    }
}
