import Foundation
import Models
import PostgresNIO
import ServerTrust

/// The push outbox in PostgreSQL, shared by every instance: a crossing is queued by disarming its subscription in
/// the same transaction (only one instance's update finds it armed), and deliveries are claimed with
/// `FOR UPDATE SKIP LOCKED`, so instances send side by side and a claim left by a dead instance comes due again.
extension PostgresClientRecords: PushStore {
    public func watched() async throws -> [WatchedSubscription] {
        try await database.withDeadline {
            var states: [(id: String, armed: Bool)] = []
            let rows = try await self.database.query(
                "SELECT id, armed FROM push_subscription WHERE has_push ORDER BY id COLLATE \"C\"")
            for try await (id, armed) in rows.decode((String, Bool).self) { states.append((id, armed)) }
            var bodies: [String: Data] = [:]
            let missing = self.decoded.missing(states.map(\.id))
            if !missing.isEmpty {
                let rows = try await self.database.query(
                    "SELECT id, body FROM push_subscription WHERE id = ANY(\(missing))")
                for try await (id, body) in rows.decode((String, Data).self) { bodies[id] = body }
            }
            return try self.decoded.watched(states, bodies: bodies)
        }
    }

    public func apply(_ changes: AlertChanges, now: Date) async throws -> Int {
        let (database, logger) = (database, database.logger)
        return try await database.withDeadline {
            try await database.ready()
            return try await database.client.withTransaction(logger: logger) { connection in
                if !changes.rearmed.isEmpty {
                    try await connection.query(
                        "UPDATE push_subscription SET armed = true WHERE id = ANY(\(changes.rearmed))", logger: logger)
                }
                var queued = 0
                for crossing in changes.crossings {
                    let rows = try await connection.query(
                        """
                        WITH crossed AS (
                            UPDATE push_subscription SET armed = false, crossings = crossings + 1
                            WHERE id = \(crossing.subscriptionId) AND armed AND has_push RETURNING id, crossings
                        )
                        INSERT INTO push_delivery (subscription_id, crossing, endpoint, p256dh, auth, payload, topic,
                            created_at, expires_at, due_at)
                        SELECT id, crossings, \(crossing.target.endpoint), \(crossing.target.keys.p256dh),
                            \(crossing.target.keys.auth), \(crossing.payload), \(crossing.topic), \(crossing.createdAt),
                            \(crossing.expiresAt), \(now)
                        FROM crossed ON CONFLICT DO NOTHING RETURNING 1
                        """, logger: logger)
                    for try await _ in rows { queued += 1 }
                }
                return queued
            }
        }
    }

    public func claim(limit: Int, now: Date, holdFor: TimeInterval) async throws -> [PushDelivery] {
        let (database, logger) = (database, database.logger)
        let until = now.addingTimeInterval(holdFor)
        return try await database.withDeadline {
            try await database.ready()
            return try await database.client.withTransaction(logger: logger) { connection in
                var expired = 0
                for try await _ in try await connection.query(
                    "DELETE FROM push_delivery WHERE expires_at <= \(now) RETURNING 1", logger: logger)
                {
                    expired += 1
                }
                try await Self.count(PushCounter.failedPrefix + "expired", by: expired, on: connection, logger: logger)
                let rows = try await connection.query(
                    """
                    WITH due AS (
                        SELECT id FROM push_delivery WHERE due_at <= \(now)
                        ORDER BY id LIMIT \(limit) FOR UPDATE SKIP LOCKED
                    )
                    UPDATE push_delivery d SET due_at = \(until) FROM due WHERE d.id = due.id
                    RETURNING d.id, d.subscription_id, d.endpoint, d.p256dh, d.auth, d.payload, d.topic, d.created_at,
                        d.expires_at, d.attempts
                    """, logger: logger)
                var claimed: [PushDelivery] = []
                for try await (id, subscription, endpoint, p256dh, auth, payload, topic, created, expires, attempts)
                    in rows.decode((Int64, String, String, String, String, Data, String, Date, Date, Int).self)
                {
                    claimed.append(
                        PushDelivery(
                            id: id, subscriptionId: subscription,
                            target: WebPushTarget(
                                endpoint: endpoint, keys: WebPushTarget.Keys(p256dh: p256dh, auth: auth)),
                            payload: payload, topic: topic, createdAt: created, expiresAt: expires, attempts: attempts))
                }
                return claimed.sorted { $0.id < $1.id }
            }
        }
    }

    public func finish(_ finished: [FinishedDelivery], now: Date) async throws {
        guard !finished.isEmpty else { return }
        let (database, logger) = (database, database.logger)
        try await database.withDeadline {
            try await database.ready()
            try await database.client.withTransaction(logger: logger) { connection in
                var counts: [String: Int] = [:]
                var done: [Int64] = []
                for (delivery, outcome) in finished.map({ ($0.delivery, $0.outcome) }) {
                    counts[PushCounter.name(outcome), default: 0] += 1
                    switch outcome {
                    case .retry(let at, _):
                        try await connection.query(
                            "UPDATE push_delivery SET due_at = \(at), attempts = attempts + 1 WHERE id = \(delivery.id)",
                            logger: logger)
                    case .gone:
                        _ = try await Self.remove(delivery.subscriptionId, on: connection, logger: logger)
                    case .sent, .failed:
                        done.append(delivery.id)
                    }
                }
                if !done.isEmpty {
                    try await connection.query("DELETE FROM push_delivery WHERE id = ANY(\(done))", logger: logger)
                }
                for (name, count) in counts.sorted(by: { $0.key < $1.key }) {
                    try await Self.count(name, by: count, on: connection, logger: logger)
                }
                if counts[PushCounter.sent] != nil {
                    try await connection.query(
                        """
                        INSERT INTO push_meta (key, at) VALUES ('last_sent_at', \(now))
                        ON CONFLICT (key) DO UPDATE SET at = GREATEST(push_meta.at, EXCLUDED.at)
                        """, logger: logger)
                }
            }
        }
    }

    public func removeSubscription(id: String) async throws -> Bool {
        let (database, logger) = (database, database.logger)
        return try await database.withDeadline {
            try await database.ready()
            return try await database.client.withTransaction(logger: logger) { connection in
                try await Self.remove(id, on: connection, logger: logger)
            }
        }
    }

    public func subscriptionCounts(install: String, besides target: String) async throws -> (install: Int, total: Int) {
        try await database.withDeadline {
            let rows = try await self.database.query(
                """
                SELECT count(*) FILTER (WHERE install_hash = \(install)), count(*) FROM push_subscription
                WHERE NOT (install_hash = \(install) AND lot = \(target))
                """)
            for try await (mine, total) in rows.decode((Int, Int).self) { return (mine, total) }
            return (0, 0)
        }
    }

    public func status(now: Date) async throws -> PushStatus {
        try await database.withDeadline {
            var status = PushStatus()
            for try await (all, push, armed) in try await self.database.query(
                """
                SELECT count(*), count(*) FILTER (WHERE has_push), count(*) FILTER (WHERE has_push AND armed)
                FROM push_subscription
                """
            ).decode((Int, Int, Int).self) {
                (status.subscriptions, status.pushSubscriptions, status.armed) = (all, push, armed)
            }
            for try await pending in try await self.database.query("SELECT count(*) FROM push_delivery").decode(
                Int.self)
            {
                status.pending = pending
            }
            var counts: [String: Int] = [:]
            for try await (name, count) in try await self.database.query("SELECT name, count FROM push_count").decode(
                (String, Int).self)
            {
                counts[name] = count
            }
            PushCounter.fill(&status, from: counts)
            for try await at in try await self.database.query(
                "SELECT at FROM push_meta WHERE key = 'last_sent_at'"
            ).decode(Date?.self) {
                status.lastSentAt = at
            }
            return status
        }
    }

    public func vapidKey(orStore new: Data) async throws -> Data {
        try await database.withDeadline {
            try await self.database.query(
                "INSERT INTO push_meta (key, value) VALUES ('vapid_key', \(new)) ON CONFLICT (key) DO NOTHING")
            for try await kept in try await self.database.query(
                "SELECT value FROM push_meta WHERE key = 'vapid_key'"
            ).decode(Data.self) {
                return kept
            }
            return new
        }
    }

    private static func count(_ name: String, by amount: Int, on connection: PostgresConnection, logger: Logger)
        async throws
    {
        guard amount > 0 else { return }
        try await connection.query(
            """
            INSERT INTO push_count (name, count) VALUES (\(name), \(amount))
            ON CONFLICT (name) DO UPDATE SET count = push_count.count + EXCLUDED.count
            """, logger: logger)
    }

    private static func remove(_ id: String, on connection: PostgresConnection, logger: Logger) async throws -> Bool {
        try await connection.query("DELETE FROM push_delivery WHERE subscription_id = \(id)", logger: logger)
        var removed = false
        for try await _ in try await connection.query(
            "DELETE FROM push_subscription WHERE id = \(id) RETURNING 1", logger: logger)
        {
            removed = true
        }
        return removed
    }
}
