import Foundation
import Models
import PostgresNIO
import ServerTrust

/// Client records in PostgreSQL, shared by every instance. A nonce is a row until it expires; a write's answer and
/// its effect are committed in one transaction, so of two instances given the same idempotency key at once, one
/// applies the write and the other returns its answer.
public final class PostgresClientRecords: ClientRecordStore {
    let database: PostgresDatabase
    private let sweeps = SweepSchedule()
    /// The watched subscriptions' bodies, decoded once.
    let decoded = DecodedSubscriptions()

    public init(database: PostgresDatabase) {
        self.database = database
    }

    public func spendNonce(_ nonce: SpentNonce, now: Date, until: Date) async throws -> Bool {
        try await sweepIfDue(now: now)
        let key = nonce.storageKey
        return try await database.withDeadline {
            let rows = try await self.database.query(
                """
                INSERT INTO proof_nonce (key, expires_at) VALUES (\(key), \(until))
                ON CONFLICT (key) DO UPDATE SET expires_at = EXCLUDED.expires_at
                WHERE proof_nonce.expires_at <= \(now)
                RETURNING 1
                """)
            for try await _ in rows { return true }
            return false
        }
    }

    public func applyOnce(_ write: ClientWrite, now: Date) async throws -> Data {
        try await sweepIfDue(now: now)
        let (database, logger) = (database, database.logger)
        return try await database.withDeadline {
            try await database.ready()
            return try await database.client.withTransaction(logger: logger) { connection in
                try await Self.apply(write, now: now, on: connection, logger: logger)
            }
        }
    }

    public func subscriptions() async throws -> [StoredSubscription] {
        try await database.withDeadline {
            var out: [StoredSubscription] = []
            let rows = try await self.database.query(
                """
                SELECT id, install_hash, lot, threshold, quiet_from, quiet_until, body FROM push_subscription
                ORDER BY install_hash COLLATE "C", lot COLLATE "C"
                """)
            for try await (id, install, lot, threshold, from, until, body) in rows.decode(
                (String, String, String, Int, String?, String?, Data?).self)
            {
                // Rows written before bodies were kept have their columns only.
                let subscription =
                    try body.map { try ContractCoding.decode(PushSubscription.self, from: $0) }
                    ?? PushSubscription(
                        installHash: install, lotId: LotID(lot), threshold: threshold, quietFrom: from,
                        quietUntil: until)
                out.append(StoredSubscription(id: id, subscription: subscription))
            }
            return out
        }
    }

    public func telemetryCounts() async throws -> [TelemetryCount] {
        try await database.withDeadline {
            var out: [TelemetryCount] = []
            let rows = try await self.database.query(
                "SELECT day, kind, count FROM telemetry_count ORDER BY day, kind COLLATE \"C\"")
            for try await (day, kind, count) in rows.decode((String, String, Int).self) {
                out.append(TelemetryCount(day: day, kind: kind, count: count))
            }
            return out
        }
    }

    private static func apply(_ write: ClientWrite, now: Date, on connection: PostgresConnection, logger: Logger)
        async throws -> Data
    {
        let key = write.idempotencyKey
        let inserted = try await connection.query(
            """
            INSERT INTO write_answer (key, answer, created_at) VALUES (\(key), \(write.answer), \(now))
            ON CONFLICT (key) DO NOTHING RETURNING 1
            """, logger: logger)
        var first = false
        for try await _ in inserted { first = true }
        guard first else {
            let rows = try await connection.query("SELECT answer FROM write_answer WHERE key = \(key)", logger: logger)
            for try await answer in rows.decode(Data.self) { return answer }
            throw PostgresStoreError.answerVanished
        }
        switch write.effect {
        case .telemetry(let day, let counts):
            let kinds = Array(counts.keys)
            let values = kinds.map { counts[$0] ?? 0 }
            try await connection.query(
                """
                INSERT INTO telemetry_count (day, kind, count)
                SELECT \(day), kind, n FROM unnest(\(kinds)::text[], \(values)::bigint[]) AS t(kind, n)
                ON CONFLICT (day, kind) DO UPDATE SET count = telemetry_count.count + EXCLUDED.count
                """, logger: logger)
        case .subscription(let id, let subscription):
            let body = try ContractCoding.encode(subscription)
            let hasPush = subscription.push != nil
            // A subscription replaced (same install and target) takes its pending deliveries with it.
            try await connection.query(
                """
                DELETE FROM push_delivery WHERE subscription_id IN
                    (SELECT id FROM push_subscription WHERE install_hash = \(subscription.installHash)
                     AND lot = \(subscription.targetID))
                """, logger: logger)
            try await connection.query(
                """
                INSERT INTO push_subscription
                    (install_hash, lot, id, threshold, quiet_from, quiet_until, updated_at, body, has_push)
                VALUES (\(subscription.installHash), \(subscription.targetID), \(id), \(subscription.threshold),
                    \(subscription.quietFrom), \(subscription.quietUntil), \(now), \(body), \(hasPush))
                ON CONFLICT (install_hash, lot) DO UPDATE SET id = EXCLUDED.id, threshold = EXCLUDED.threshold,
                    quiet_from = EXCLUDED.quiet_from, quiet_until = EXCLUDED.quiet_until,
                    updated_at = EXCLUDED.updated_at, body = EXCLUDED.body, has_push = EXCLUDED.has_push,
                    armed = true, crossings = 0
                """, logger: logger)
        }
        return write.answer
    }

    /// Deletes expired nonces and answers older than their retention, at most once a minute.
    private func sweepIfDue(now: Date) async throws {
        guard sweeps.due(now: now) else { return }
        let oldest = now.addingTimeInterval(-ClientRecordRetention.writeAnswers)
        try await database.withDeadline {
            try await self.database.query("DELETE FROM proof_nonce WHERE expires_at <= \(now)")
            try await self.database.query("DELETE FROM write_answer WHERE created_at < \(oldest)")
        }
    }
}
