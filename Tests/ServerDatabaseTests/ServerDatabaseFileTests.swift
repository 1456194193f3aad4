import Foundation
import GRDB
import ServerDatabase
import Testing

/// The lone server's SQLite file: a claim finds the expired deliveries by index, so a fan-out of ten thousand never
/// holds the one writer (which the collection's history also needs) for a scan of the whole outbox.
struct ServerDatabaseFileTests {
    @Test func aClaimFindsTheExpiredByIndex() async throws {
        let query = "DELETE FROM push_delivery WHERE expires_at <= 1"
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hj-db-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let pool = try ServerDatabaseFile.open(directory.appendingPathComponent("server.sqlite").path)
        let plan = try await pool.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + query).map { $0["detail"] as String }
        }
        #expect(!plan.contains { $0.hasPrefix("SCAN push_delivery") && !$0.contains("INDEX") }, "\(plan)")
    }
}
