import Foundation
import Models
import PostgresNIO
import ServerForecasting
import ServerSources

/// History in PostgreSQL, shared by every instance: one row per lot and 5-minute bucket, so a reading written
/// twice (two instances, a retried round) is still one row. Five weeks are kept, and the forecast model learned from
/// them.
public final class PostgresHistoryStore: HistoryArchive, ForecastModelStore {
    let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    public func record(_ readings: [LotReading]) async throws {
        try await database.withDeadline { try await self.insert(readings) }
    }

    public func values(lot: LotID, buckets: [Int]) async throws -> [Int: Int] {
        try await database.withDeadline { try await self.select(lot: lot, buckets: buckets) }
    }

    public func latestBucket(lot: LotID) async throws -> Int? {
        try await database.withDeadline { try await self.newest(lot: lot) }
    }

    public func allReadings() async throws -> [(lot: LotID, at: Date, available: Int)] {
        try await database.withDeadline { try await self.everything() }.map { ($0.lot, $0.at, $0.available) }
    }

    public func saveForecastModel(_ model: Data) async throws {
        let body = ByteBuffer(bytes: model)
        try await database.withDeadline {
            _ = try await self.database.query(
                """
                INSERT INTO forecast_model (id, body) VALUES (1, \(body))
                ON CONFLICT (id) DO UPDATE SET body = EXCLUDED.body
                """)
        }
    }

    public func latestForecastModel() async throws -> Data? {
        try await database.withDeadline {
            for try await body in try await self.database.query("SELECT body FROM forecast_model WHERE id = 1")
                .decode(ByteBuffer.self)
            {
                return Data(body.readableBytesView)
            }
            return nil
        }
    }

    private func insert(_ readings: [LotReading]) async throws {
        var rows: [String: (lot: String, bucket: Int, available: Int)] = [:]
        for reading in readings {
            guard let available = reading.available else { continue }
            let bucket = TimeSlot.index(of: reading.observedAt)
            rows["\(reading.lotId.rawValue)/\(bucket)"] = (reading.lotId.rawValue, bucket, available)
        }
        guard !rows.isEmpty else { return }
        // In key order: two instances upserting the same rows in different orders would deadlock each other.
        let values = rows.values.sorted { ($0.lot, $0.bucket) < ($1.lot, $1.bucket) }
        let lots = values.map(\.lot)
        let buckets = values.map(\.bucket)
        let counts = values.map(\.available)
        try await database.query(
            """
            INSERT INTO reading (lot, bucket, available)
            SELECT * FROM unnest(\(lots)::text[], \(buckets)::bigint[], \(counts)::bigint[])
            ON CONFLICT (lot, bucket) DO UPDATE SET available = EXCLUDED.available
            """)
        if let newest = buckets.max() {
            try await database.query("DELETE FROM reading WHERE bucket < \(newest - 35 * TimeSlot.perDay)")
        }
    }

    private func select(lot: LotID, buckets: [Int]) async throws -> [Int: Int] {
        guard !buckets.isEmpty else { return [:] }
        var out: [Int: Int] = [:]
        let rows = try await database.query(
            "SELECT bucket, available FROM reading WHERE lot = \(lot.rawValue) AND bucket = ANY(\(buckets)::bigint[])")
        for try await (bucket, available) in rows.decode((Int, Int).self) {
            out[bucket] = available
        }
        return out
    }

    private func newest(lot: LotID) async throws -> Int? {
        let rows = try await database.query("SELECT max(bucket) FROM reading WHERE lot = \(lot.rawValue)")
        for try await bucket in rows.decode(Int?.self) { return bucket }
        return nil
    }

    private func everything() async throws -> [Recorded] {
        var out: [Recorded] = []
        let rows = try await database.query(
            "SELECT lot, bucket, available FROM reading ORDER BY bucket, lot COLLATE \"C\"")
        for try await (lot, bucket, available) in rows.decode((String, Int, Int).self) {
            out.append(Recorded(lot: LotID(lot), at: TimeSlot.start(of: bucket), available: available))
        }
        return out
    }

    /// A row of `allReadings()` (tuples are not Sendable across the deadline's task).
    private struct Recorded: Sendable {
        let lot: LotID
        let at: Date
        let available: Int
    }
}
