import Foundation
import PostgresNIO
import ServerTrust
import Synchronization

/// Rate-limit buckets in PostgreSQL, one row per limit and key, shared by every instance: refilling and taking a
/// token is one statement, so two instances asked at once never both take the last token.
public final class PostgresRateBuckets: Sendable {
    let database: PostgresDatabase
    private let sweeps = Mutex<[String: SweepSchedule]>([:])

    public init(database: PostgresDatabase) {
        self.database = database
    }

    /// Takes a token from `key`'s bucket of `limit`; false when it is empty. A clock behind the last taker's
    /// refills nothing rather than emptying the bucket.
    public func take(_ limit: RateLimit, _ key: String, now: Date) async throws -> Bool {
        try await sweepIfDue(limit, now: now)
        let (row, capacity, rate) = (limit.name + ":" + key, Double(limit.capacity), limit.refillPerSecond)
        return try await database.withDeadline {
            // The update works on the locked row, so the refill is computed once, from the row as it stands.
            let rows = try await self.database.query(
                """
                INSERT INTO rate_bucket AS b (key, tokens, at, allowed) VALUES (\(row), \(capacity) - 1, \(now), true)
                ON CONFLICT (key) DO UPDATE SET (allowed, tokens, at) = (
                    SELECT refilled >= 1, refilled - CASE WHEN refilled >= 1 THEN 1 ELSE 0 END, greatest(b.at, \(now))
                    FROM (SELECT least(\(capacity), b.tokens
                        + greatest(0, extract(epoch FROM (\(now) - b.at))::double precision) * \(rate)) AS refilled) AS r)
                RETURNING allowed
                """)
            for try await allowed in rows.decode(Bool.self) { return allowed }
            throw PostgresStoreError.bucketUnanswered
        }
    }

    /// Forgets the buckets of `limit` left alone long enough to be full again (a full bucket and no bucket allow
    /// the same), each limit on its own schedule, so a slow limit's buckets are never dropped by a fast one's clock.
    private func sweepIfDue(_ limit: RateLimit, now: Date) async throws {
        let schedule = sweeps.withLock { sweeps in
            if let schedule = sweeps[limit.name] { return schedule }
            let schedule = SweepSchedule()
            sweeps[limit.name] = schedule
            return schedule
        }
        guard schedule.due(now: now) else { return }
        let (prefix, idle) = (limit.name + ":", now.addingTimeInterval(-limit.refillSeconds))
        _ = try await database.withDeadline {
            try await self.database.query(
                "DELETE FROM rate_bucket WHERE starts_with(key, \(prefix)) AND at < \(idle)")
        }
    }
}
