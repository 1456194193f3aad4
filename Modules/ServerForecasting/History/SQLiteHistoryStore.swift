import Foundation
import GRDB
import Models
import ServerDatabase
import ServerSources

/// History in a SQLite file (WAL), so a restarted server keeps its evidence, and the forecast model learned from it.
public final class SQLiteHistoryStore: HistoryArchive, ForecastModelStore {
    private let pool: DatabasePool

    /// Opens or creates the history database at `path` (created readable by its owner only).
    public convenience init(path: String) throws {
        self.init(pool: try ServerDatabaseFile.open(path))
    }

    /// History in a file already opened by ``ServerDatabaseFile``.
    public init(pool: DatabasePool) {
        self.pool = pool
    }

    public func record(_ readings: [LotReading]) async throws {
        let rows = readings.compactMap { r in
            r.available.map { (r.lotId.rawValue, TimeSlot.index(of: r.observedAt), $0) }
        }
        guard !rows.isEmpty else { return }
        try await pool.write { db in
            let statement = try db.makeStatement(
                sql: "INSERT OR REPLACE INTO reading (lot, bucket, available) VALUES (?, ?, ?)")
            for (lot, bucket, available) in rows {
                try statement.execute(arguments: [lot, bucket, available])
            }
            // Keep five weeks.
            if let newest = rows.map(\.1).max() {
                try db.execute(sql: "DELETE FROM reading WHERE bucket < ?", arguments: [newest - 35 * TimeSlot.perDay])
            }
        }
    }

    public func values(lot: LotID, buckets: [Int]) async throws -> [Int: Int] {
        guard let low = buckets.min(), let high = buckets.max() else { return [:] }
        let wanted = Set(buckets)
        return try await pool.read { db in
            var out: [Int: Int] = [:]
            let rows = try Row.fetchCursor(
                db, sql: "SELECT bucket, available FROM reading WHERE lot = ? AND bucket BETWEEN ? AND ?",
                arguments: [lot.rawValue, low, high])
            while let row = try rows.next() {
                let bucket: Int = row[0]
                if wanted.contains(bucket) { out[bucket] = row[1] }
            }
            return out
        }
    }

    /// Every recorded reading, oldest first: lot, the start of its 5-minute bucket, free spaces.
    public func allReadings() async throws -> [(lot: LotID, at: Date, available: Int)] {
        try await pool.read { db in
            var out: [(lot: LotID, at: Date, available: Int)] = []
            out.reserveCapacity(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM reading") ?? 0)
            // Through a cursor, one row at a time: a training hands this over while the server serves, and every
            // row made first (as `fetchAll` would) held seven times the answer's size at once.
            let rows = try Row.fetchCursor(db, sql: "SELECT lot, bucket, available FROM reading ORDER BY bucket, lot")
            while let row = try rows.next() {
                out.append((LotID(row[0] as String), TimeSlot.start(of: row[1]), row[2] as Int))
            }
            return out
        }
    }

    public func latestBucket(lot: LotID) async throws -> Int? {
        try await pool.read { db in
            try Int.fetchOne(db, sql: "SELECT MAX(bucket) FROM reading WHERE lot = ?", arguments: [lot.rawValue])
        }
    }

    public func saveForecastModel(_ model: Data) async throws {
        try await pool.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO forecast_model (id, body) VALUES (1, ?)", arguments: [model])
        }
    }

    public func latestForecastModel() async throws -> Data? {
        try await pool.read { db in try Data.fetchOne(db, sql: "SELECT body FROM forecast_model WHERE id = 1") }
    }
}
