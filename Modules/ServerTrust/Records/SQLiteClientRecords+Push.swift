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
                        INSERT INTO push_delivery (subscription_id, crossing, endpoint, p256dh, auth, payload, topic,
                            created_at, expires_at, due_at)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
                        """,
                    arguments: [
                        crossing.subscriptionId, number, crossing.target.endpoint, crossing.target.keys.p256dh,
                        crossing.target.keys.auth, crossing.payload, crossing.topic,
                        crossing.createdAt.timeIntervalSince1970, crossing.expiresAt.timeIntervalSince1970,
                        now.timeIntervalSince1970,
                    ])
                queued += db.changesCount
            }
            return queued
        }
    }

    public func claim(limit: Int, now: Date, holdFor: TimeInterval) async throws -> [PushDelivery] {
        try await queue.write { db in
            try db.execute(
                sql: "DELETE FROM push_delivery WHERE expires_at <= ?", arguments: [now.timeIntervalSince1970])
            try Self.count(PushCounter.failedPrefix + "expired", by: db.changesCount, in: db)
            let claimed = try Row.fetchAll(
                db,
                sql: """
                    SELECT id, subscription_id, endpoint, p256dh, auth, payload, topic, created_at, expires_at, attempts
                    FROM push_delivery WHERE due_at <= ? ORDER BY id LIMIT ?
                    """, arguments: [now.timeIntervalSince1970, limit]
            ).map { row in
                PushDelivery(
                    id: row[0], subscriptionId: row[1],
                    target: WebPushTarget(endpoint: row[2], keys: WebPushTarget.Keys(p256dh: row[3], auth: row[4])),
                    payload: row[5], topic: row[6], createdAt: Date(timeIntervalSince1970: row[7]),
                    expiresAt: Date(timeIntervalSince1970: row[8]), attempts: row[9])
            }
            if !claimed.isEmpty {
                try db.execute(
                    sql:
                        "UPDATE push_delivery SET due_at = ? WHERE id IN (\(claimed.map { _ in "?" }.joined(separator: ",")))",
                    arguments: StatementArguments(
                        [now.addingTimeInterval(holdFor).timeIntervalSince1970] + claimed.map(\.id)))
            }
            return claimed
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
