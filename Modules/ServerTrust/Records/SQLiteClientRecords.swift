import Foundation
import GRDB
import Models
import ServerDatabase

/// Client records in the server's SQLite file, beside its history: one server on its own keeps its subscriptions
/// and telemetry counts across restarts.
public final class SQLiteClientRecords: ClientRecordStore {
    let pool: DatabasePool
    private let sweeps = SweepSchedule()
    /// The watched subscriptions' bodies, decoded once.
    let decoded = DecodedSubscriptions()

    /// Opens or creates the server's database at `path`.
    public convenience init(path: String) throws {
        self.init(pool: try ServerDatabaseFile.open(path))
    }

    /// Records in a file already opened by ``ServerDatabaseFile`` (the history's).
    public init(pool: DatabasePool) {
        self.pool = pool
    }

    public func spendNonce(_ nonce: SpentNonce, now: Date, until: Date) async throws -> Bool {
        let key = nonce.storageKey
        let sweep = sweeps.due(now: now)
        return try await pool.write { db in
            if sweep {
                try db.execute(
                    sql: "DELETE FROM proof_nonce WHERE expires_at <= ?", arguments: [now.timeIntervalSince1970])
            }
            try db.execute(
                sql: """
                    INSERT INTO proof_nonce (key, expires_at) VALUES (?, ?)
                    ON CONFLICT (key) DO UPDATE SET expires_at = excluded.expires_at WHERE expires_at <= ?
                    """, arguments: [key, until.timeIntervalSince1970, now.timeIntervalSince1970])
            return db.changesCount == 1
        }
    }

    public func applyOnce(_ write: ClientWrite, now: Date) async throws -> Data {
        try await pool.write { db in
            try db.execute(
                sql: "DELETE FROM write_answer WHERE created_at < ?",
                arguments: [now.timeIntervalSince1970 - ClientRecordRetention.writeAnswers])
            if let previous = try Data.fetchOne(
                db, sql: "SELECT answer FROM write_answer WHERE key = ?", arguments: [write.idempotencyKey])
            {
                return previous
            }
            try db.execute(
                sql: "INSERT INTO write_answer (key, answer, created_at) VALUES (?, ?, ?)",
                arguments: [write.idempotencyKey, write.answer, now.timeIntervalSince1970])
            switch write.effect {
            case .telemetry(let day, let counts):
                for (kind, count) in counts {
                    try db.execute(
                        sql: """
                            INSERT INTO telemetry_count (day, kind, count) VALUES (?, ?, ?)
                            ON CONFLICT (day, kind) DO UPDATE SET count = count + excluded.count
                            """, arguments: [day, kind, count])
                }
            case .subscription(let id, let subscription):
                // A subscription replaced (same install and target) takes its pending deliveries with it.
                try db.execute(
                    sql: """
                        DELETE FROM push_delivery WHERE subscription_id IN
                            (SELECT id FROM push_subscription WHERE install_hash = ? AND lot = ?)
                        """, arguments: [subscription.installHash, subscription.targetID])
                try db.execute(
                    sql: """
                        INSERT OR REPLACE INTO push_subscription
                            (install_hash, lot, id, threshold, quiet_from, quiet_until, updated_at, body, has_push)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        subscription.installHash, subscription.targetID, id, subscription.threshold,
                        subscription.quietFrom, subscription.quietUntil, now.timeIntervalSince1970,
                        try ContractCoding.encode(subscription), subscription.push != nil,
                    ])
            }
            return write.answer
        }
    }

    public func subscriptions() async throws -> [StoredSubscription] {
        try await pool.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT id, install_hash, lot, threshold, quiet_from, quiet_until, body FROM push_subscription
                    ORDER BY install_hash, lot
                    """
            ).map { row in StoredSubscription(id: row[0], subscription: try Self.subscription(row)) }
        }
    }

    /// A stored subscription: its body, or for rows written before bodies were kept, its columns.
    static func subscription(_ row: Row) throws -> PushSubscription {
        if let body = row[6] as Data? { return try ContractCoding.decode(PushSubscription.self, from: body) }
        return PushSubscription(
            installHash: row[1], lotId: LotID(row[2] as String), threshold: row[3], quietFrom: row[4],
            quietUntil: row[5])
    }

    public func telemetryCounts() async throws -> [TelemetryCount] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: "SELECT day, kind, count FROM telemetry_count ORDER BY day, kind").map {
                TelemetryCount(day: $0[0], kind: $0[1], count: $0[2])
            }
        }
    }
}
