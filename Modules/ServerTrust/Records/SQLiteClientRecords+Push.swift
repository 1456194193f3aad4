import Foundation
import GRDB
import Models

/// The push outbox in the server's SQLite file: one server on its own, the same rule as PostgreSQL's.
extension SQLiteClientRecords: PushStore {
    public func watched() async throws -> [WatchedSubscription] {
        try await pool.read { db in
            let states = try Row.fetchAll(
                db, sql: "SELECT id, armed FROM push_subscription WHERE has_push = 1 ORDER BY id"
            ).map { (id: $0[0] as String, armed: $0[1] as Bool) }
            var bodies: [String: Data] = [:]
            let missing = self.decoded.missing(states.map(\.id))
            for start in stride(from: 0, to: missing.count, by: 500) {
                let part = Array(missing[start..<min(start + 500, missing.count)])
                let marks = Array(repeating: "?", count: part.count).joined(separator: ",")
                for row in try Row.fetchAll(
                    db, sql: "SELECT id, body FROM push_subscription WHERE id IN (\(marks))",
                    arguments: StatementArguments(part))
                {
                    bodies[row[0]] = row[1] as Data
                }
            }
            return try self.decoded.watched(states, bodies: bodies)
        }
    }

    public func apply(_ changes: AlertChanges, now: Date) async throws -> Int {
        try await pool.write { db in
            // Statements prepared once per connection: a crossing of ten thousand runs each ten thousand times.
            let rearm = try db.cachedStatement(sql: "UPDATE push_subscription SET armed = 1 WHERE id = ?")
            for id in changes.rearmed { try rearm.execute(arguments: [id]) }
            // Only a subscription still armed is disarmed, so one crossing is queued once.
            let disarm = try db.cachedStatement(
                sql: """
                    UPDATE push_subscription SET armed = 0, crossings = crossings + 1
                    WHERE id = ? AND armed = 1 AND has_push = 1 RETURNING crossings
                    """)
            let queue = try db.cachedStatement(
                sql: """
                    INSERT INTO push_delivery (subscription_id, crossing, endpoint, p256dh, auth, payload, topic,
                        created_at, expires_at, due_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
                    """)
            var queued = 0
            for crossing in changes.crossings {
                guard let number = try Int.fetchOne(disarm, arguments: [crossing.subscriptionId]) else { continue }
                try queue.execute(arguments: [
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
        try await pool.write { db in
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
        try await pool.write { db in
            var counts: [String: Int] = [:]
            let retry = try db.cachedStatement(
                sql: "UPDATE push_delivery SET due_at = ?, attempts = attempts + 1 WHERE id = ?")
            let done = try db.cachedStatement(sql: "DELETE FROM push_delivery WHERE id = ?")
            for (delivery, outcome) in finished.map({ ($0.delivery, $0.outcome) }) {
                counts[PushCounter.name(outcome), default: 0] += 1
                switch outcome {
                case .retry(let at, _): try retry.execute(arguments: [at.timeIntervalSince1970, delivery.id])
                case .gone: try Self.remove(delivery.subscriptionId, in: db)
                case .sent, .failed: try done.execute(arguments: [delivery.id])
                }
            }
            for (name, count) in counts { try Self.count(name, by: count, in: db) }
            if counts[PushCounter.sent] != nil {
                try db.execute(
                    sql: """
                        INSERT INTO push_meta (key, at) VALUES ('last_sent_at', ?)
                        ON CONFLICT (key) DO UPDATE SET at = max(coalesce(push_meta.at, 0), excluded.at)
                        """,
                    arguments: [now.timeIntervalSince1970])
            }
        }
    }

    public func removeSubscription(id: String) async throws -> Bool {
        try await pool.write { db in try Self.remove(id, in: db) }
    }

    public func subscriptionCounts(install: String, besides target: String) async throws -> (install: Int, total: Int) {
        try await pool.read { db in
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT coalesce(sum(install_hash = ?1), 0), count(*) FROM push_subscription
                    WHERE NOT (install_hash = ?1 AND lot = ?2)
                    """, arguments: [install, target])
            return (row?[0] ?? 0, row?[1] ?? 0)
        }
    }

    public func status(now: Date) async throws -> PushStatus {
        try await pool.read { db in
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT count(*), coalesce(sum(has_push), 0), coalesce(sum(has_push * armed), 0)
                    FROM push_subscription
                    """)
            var status = PushStatus(
                subscriptions: row?[0] ?? 0, pushSubscriptions: row?[1] ?? 0, armed: row?[2] ?? 0,
                pending: try Int.fetchOne(db, sql: "SELECT count(*) FROM push_delivery") ?? 0,
                lastSentAt: try Double.fetchOne(db, sql: "SELECT at FROM push_meta WHERE key = 'last_sent_at'")
                    .map(Date.init(timeIntervalSince1970:)))
            let counts = try Row.fetchAll(db, sql: "SELECT name, count FROM push_count").map {
                ($0[0] as String, $0[1] as Int)
            }
            PushCounter.fill(&status, from: Dictionary(uniqueKeysWithValues: counts))
            return status
        }
    }

    public func vapidKey(orStore new: Data) async throws -> Data {
        try await pool.write { db in
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
