import Foundation
import GRDB
import Models

/// The push outbox in the server's SQLite file: one server on its own, the same rule as PostgreSQL's.
extension SQLiteClientRecords: PushStore {
    public func watched() async throws -> [WatchedSubscription] {
        try await queue.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT id, install_hash, lot, threshold, quiet_from, quiet_until, body, armed FROM push_subscription
                    WHERE has_push = 1 ORDER BY id
                    """
            ).map { row in
                WatchedSubscription(id: row[0], subscription: try Self.subscription(row), armed: row[7] as Bool)
            }
        }
    }

    public func apply(_ changes: AlertChanges, now: Date) async throws -> Int {
        try await queue.write { db in
            for id in changes.rearmed {
                try db.execute(sql: "UPDATE push_subscription SET armed = 1 WHERE id = ?", arguments: [id])
            }
            var queued = 0
            for crossing in changes.crossings {
                // Only a subscription still armed is disarmed, so one crossing is queued once.
                guard
                    let number = try Int.fetchOne(
                        db,
                        sql: """
                            UPDATE push_subscription SET armed = 0, crossings = crossings + 1
                            WHERE id = ? AND armed = 1 AND has_push = 1 RETURNING crossings
                            """, arguments: [crossing.subscriptionId])
                else { continue }
                try db.execute(
                    sql: """
                        INSERT INTO push_delivery
                            (subscription_id, crossing, payload, topic, created_at, expires_at, due_at)
                        VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
                        """,
                    arguments: [
                        crossing.subscriptionId, number, crossing.payload, crossing.topic,
                        crossing.createdAt.timeIntervalSince1970, crossing.expiresAt.timeIntervalSince1970,
                        now.timeIntervalSince1970,
                    ])
                queued += db.changesCount
            }
            return queued
        }
    }

    public func claim(limit: Int, now: Date, holdFor: TimeInterval) async throws -> [PushDelivery] {
        let rows = try await queue.write { db in
            try db.execute(
                sql: "DELETE FROM push_delivery WHERE expires_at <= ?", arguments: [now.timeIntervalSince1970])
            try Self.count(PushCounter.failedPrefix + "expired", by: db.changesCount, in: db)
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT d.id, d.subscription_id, s.body, d.payload, d.topic, d.created_at, d.expires_at, d.attempts
                    FROM push_delivery d JOIN push_subscription s ON s.id = d.subscription_id
                    WHERE d.due_at <= ? ORDER BY d.id LIMIT ?
                    """, arguments: [now.timeIntervalSince1970, limit])
            let ids = rows.map { $0[0] as Int64 }
            if !ids.isEmpty {
                try db.execute(
                    sql: "UPDATE push_delivery SET due_at = ? WHERE id IN (\(ids.map { _ in "?" }.joined(separator: ",")))",
                    arguments: StatementArguments([now.addingTimeInterval(holdFor).timeIntervalSince1970] + ids))
            }
            return rows
        }
        // Decoded outside the transaction, so the file's one writer (the collection records history too) waits less.
        return try rows.compactMap { row in
            guard let body = row[2] as Data?,
                let target = try ContractCoding.decode(PushSubscription.self, from: body).push
            else { return nil }
            return PushDelivery(
                id: row[0], subscriptionId: row[1], target: target, payload: row[3], topic: row[4],
                createdAt: Date(timeIntervalSince1970: row[5]), expiresAt: Date(timeIntervalSince1970: row[6]),
                attempts: row[7])
        }
    }

    public func finish(_ finished: [FinishedDelivery], now: Date) async throws {
        try await queue.write { db in
            var counts: [String: Int] = [:]
            for (delivery, outcome) in finished.map({ ($0.delivery, $0.outcome) }) {
                counts[PushCounter.name(outcome), default: 0] += 1
                switch outcome {
                case .retry(let at, _):
                    try db.execute(
                        sql: "UPDATE push_delivery SET due_at = ?, attempts = attempts + 1 WHERE id = ?",
                        arguments: [at.timeIntervalSince1970, delivery.id])
                case .gone:
                    try Self.remove(delivery.subscriptionId, in: db)
                case .sent, .failed:
                    try db.execute(sql: "DELETE FROM push_delivery WHERE id = ?", arguments: [delivery.id])
                }
            }
            for (name, count) in counts { try Self.count(name, by: count, in: db) }
            if counts[PushCounter.sent] != nil {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO push_meta (key, value) VALUES ('last_sent_at', ?)",
                    arguments: [now.timeIntervalSince1970])
            }
        }
    }

    public func removeSubscription(id: String) async throws -> Bool {
        try await queue.write { db in try Self.remove(id, in: db) }
    }

    public func subscriptionCounts(install: String) async throws -> (install: Int, total: Int) {
        try await queue.read { db in
            let mine =
                try Int.fetchOne(
                    db, sql: "SELECT count(*) FROM push_subscription WHERE install_hash = ?", arguments: [install]) ?? 0
            return (mine, try Int.fetchOne(db, sql: "SELECT count(*) FROM push_subscription") ?? 0)
        }
    }

    public func status(now: Date) async throws -> PushStatus {
        try await queue.read { db in
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT count(*), coalesce(sum(has_push), 0), coalesce(sum(has_push * armed), 0)
                    FROM push_subscription
                    """)
            var status = PushStatus(
                subscriptions: row?[0] ?? 0, pushSubscriptions: row?[1] ?? 0, armed: row?[2] ?? 0,
                pending: try Int.fetchOne(db, sql: "SELECT count(*) FROM push_delivery") ?? 0,
                lastSentAt: try Double.fetchOne(db, sql: "SELECT value FROM push_meta WHERE key = 'last_sent_at'")
                    .map(Date.init(timeIntervalSince1970:)))
            let counts = try Row.fetchAll(db, sql: "SELECT name, count FROM push_count").map {
                ($0[0] as String, $0[1] as Int)
            }
            PushCounter.fill(&status, from: Dictionary(uniqueKeysWithValues: counts))
            return status
        }
    }

    public func vapidKey(orStore new: Data) async throws -> Data {
        try await queue.write { db in
            try db.execute(
                sql: "INSERT INTO push_meta (key, value) VALUES ('vapid_key', ?) ON CONFLICT DO NOTHING",
                arguments: [new])
            return try Data.fetchOne(db, sql: "SELECT value FROM push_meta WHERE key = 'vapid_key'") ?? new
        }
    }

    private static func count(_ name: String, by amount: Int, in db: Database) throws {
        guard amount > 0 else { return }
        try db.execute(
            sql: """
                INSERT INTO push_count (name, count) VALUES (?, ?)
                ON CONFLICT (name) DO UPDATE SET count = count + excluded.count
                """, arguments: [name, amount])
    }

    @discardableResult
    private static func remove(_ id: String, in db: Database) throws -> Bool {
        try db.execute(sql: "DELETE FROM push_delivery WHERE subscription_id = ?", arguments: [id])
        try db.execute(sql: "DELETE FROM push_subscription WHERE id = ?", arguments: [id])
        return db.changesCount > 0
    }
}
