import Foundation
import PostgresNIO
import ReferenceServer

/// Rate-limit buckets in PostgreSQL, one row per limit and key, shared by every instance: refilling and taking a
/// token is one statement, so two instances asked at once never both take the last token.
public final class PostgresRateBuckets: Sendable {
    let database: PostgresDatabase
    private let sweeps = SweepSchedule()

    public init(database: PostgresDatabase) {
        self.database = database
    }

    /// Takes a token from `key`'s bucket of `limit`; false when it is empty. A clock behind the last taker's
    /// refills nothing rather than emptying the bucket.
    public func take(_ limit: RateLimit, _ key: String, now: Date) async throws -> Bool {
        try await sweepIfDue(limit, now: now)
        let (row, capacity, rate) = (limit.name + ":" + key, Double(limit.capacity), limit.refillPerSecond)
        return try await database.withDeadline {
            let rows = try await self.database.query(
                """
                INSERT INTO rate_bucket AS b (key, tokens, at, allowed) VALUES (\(row), \(capacity) - 1, \(now), true)
                ON CONFLICT (key) DO UPDATE SET
                    allowed = least(\(capacity), b.tokens
                        + greatest(0, extract(epoch FROM (\(now) - b.at))::double precision) * \(rate)) >= 1,
                    tokens = least(\(capacity), b.tokens
                        + greatest(0, extract(epoch FROM (\(now) - b.at))::double precision) * \(rate))
                        - CASE WHEN least(\(capacity), b.tokens
                            + greatest(0, extract(epoch FROM (\(now) - b.at))::double precision) * \(rate)) >= 1
                          THEN 1 ELSE 0 END,
                    at = greatest(b.at, \(now))
                RETURNING allowed
                """)
            for try await allowed in rows.decode(Bool.self) { return allowed }
            throw PostgresStoreError.bucketUnanswered
        }
    }

    /// Forgets buckets left alone long enough to be full again (a full bucket and no bucket allow the same).
    private func sweepIfDue(_ limit: RateLimit, now: Date) async throws {
        guard sweeps.due(now: now) else { return }
        let idle = now.addingTimeInterval(-max(3600, limit.refillSeconds))
        _ = try await database.withDeadline {
            try await self.database.query("DELETE FROM rate_bucket WHERE at < \(idle)")
        }
    }
}
