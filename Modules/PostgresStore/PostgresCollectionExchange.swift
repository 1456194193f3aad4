import Foundation
import Logging
import Models
import PostgresNIO
import ServerSources

/// The collector's collected values through PostgreSQL: the collecting instance stores each park's collected values and notifies
/// `hangangjari_snapshot`; the others listen, read the stored row and adopt it. A listener that reconnects reads
/// every stored collected values again, so nothing published while it was away is missed.
final class PostgresCollectionExchange: Sendable {
    static let channel = "hangangjari_snapshot"
    private let database: PostgresDatabase
    /// This process; its own notifications are not adopted again.
    private let instance = UUID().uuidString

    init(database: PostgresDatabase) {
        self.database = database
    }

    func publish(_ park: ParkID, _ collected: CollectedPark) async {
        do {
            let body = try JSONEncoder().encode(collected)
            let (database, instance) = (database, instance)
            let logger = database.logger
            let payload = instance + " " + park.rawValue
            try await database.withDeadline {
                try await database.ready()
                try await database.client.withTransaction(logger: logger) { connection in
                    try await connection.query(
                        """
                        INSERT INTO park_snapshot (park, body, published_by) VALUES (\(park.rawValue), \(body), \(instance))
                        ON CONFLICT (park) DO UPDATE
                        SET body = EXCLUDED.body, published_by = EXCLUDED.published_by, published_at = now()
                        """, logger: logger)
                    try await connection.query("SELECT pg_notify(\(Self.channel), \(payload))", logger: logger)
                }
            }
        } catch {
            database.logger.warning(
                "collected values not published",
                metadata: ["park": "\(park.rawValue)", "error": "\(String(reflecting: error))"])
        }
    }

    func stored() async -> [(ParkID, CollectedPark)] {
        do {
            let database = database
            let rows = try await database.withDeadline {
                var out: [StoredSnapshot] = []
                let rows = try await database.query("SELECT park, body FROM park_snapshot")
                for try await (park, body) in rows.decode((String, Data).self) {
                    out.append(StoredSnapshot(park: ParkID(park), body: body))
                }
                return out
            }
            return try rows.map { ($0.park, try JSONDecoder().decode(CollectedPark.self, from: $0.body)) }
        } catch {
            database.logger.warning("stored collected values not read: \(String(reflecting: error))")
            return []
        }
    }

    func received() -> AsyncStream<(ParkID, CollectedPark)> {
        AsyncStream { continuation in
            let task = Task {
                while !Task.isCancelled {
                    await listen(into: continuation)
                    try? await Task.sleep(for: .seconds(1))
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    private func listen(into continuation: AsyncStream<(ParkID, CollectedPark)>.Continuation) async {
        do {
            let database = database
            try await database.withDeadline { try await database.ready() }
            try await database.client.withConnection { connection in
                try await connection.listen(on: Self.channel) { notifications in
                    for (park, collected) in await stored() { continuation.yield((park, collected)) }
                    for try await notification in notifications {
                        let parts = notification.payload.split(separator: " ", maxSplits: 1).map(String.init)
                        guard parts.count == 2, parts[0] != instance else { continue }
                        if let collected = try await collected(ParkID(parts[1])) {
                            continuation.yield((ParkID(parts[1]), collected))
                        }
                    }
                }
            }
        } catch {
            if !Task.isCancelled { database.logger.warning("collection listener: \(String(reflecting: error))") }
        }
    }

    private func collected(_ park: ParkID) async throws -> CollectedPark? {
        let rows = try await database.query("SELECT body FROM park_snapshot WHERE park = \(park.rawValue)")
        for try await body in rows.decode(Data.self) {
            return try JSONDecoder().decode(CollectedPark.self, from: body)
        }
        return nil
    }

    private struct StoredSnapshot: Sendable {
        let park: ParkID
        let body: Data
    }
}
