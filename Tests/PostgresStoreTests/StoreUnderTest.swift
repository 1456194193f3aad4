import BenchmarkSupport
import Foundation
import Models
import PostgresStore
import ServerForecasting
import ServerSources
import ServerTrust
import Synchronization
import TestSupport
import Testing

/// Every store (history and client records), so that one test body runs against each: memory (the default), SQLite (one server with a
/// file) and PostgreSQL (a deployment), the last on a real cluster.
enum StoreKind: String, CaseIterable, CustomTestStringConvertible {
    case memory, sqlite, postgres

    var testDescription: String { rawValue }
    var persists: Bool { self != .memory }
}

/// A store opened for one test; `reopen` opens the same data again as a restarted server (or a second instance)
/// would.
final class StoreUnderTest: Sendable {
    let kind: StoreKind
    let history: any ForecastHistory
    let records: any ClientRecordStore & PushStore
    private let location: String?
    /// The PostgreSQL handles opened so far, each with its pool (stopped when `close` lets them go).
    private let pools = Mutex<[PooledDatabase]>([])

    init(_ kind: StoreKind) async throws {
        self.kind = kind
        switch kind {
        case .memory:
            location = nil
            history = MemoryHistoryStore()
            records = MemoryClientRecords()
        case .sqlite:
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("hj-history-\(UUID()).sqlite").path
            location = path
            history = try SQLiteHistoryStore(path: path)
            records = try SQLiteClientRecords(path: path)
        case .postgres:
            let url = try await PostgresCluster.shared().createDatabase()
            location = url
            let database = Self.database(url, pools: pools)
            history = PostgresHistoryStore(database: database)
            records = PostgresClientRecords(database: database)
        }
    }

    /// The same data through a new connection (SQLite, PostgreSQL); nil for memory.
    func reopen() throws -> (any ForecastHistory)? {
        guard let location else { return nil }
        switch kind {
        case .memory: return nil
        case .sqlite: return try SQLiteHistoryStore(path: location)
        case .postgres: return PostgresHistoryStore(database: Self.database(location, pools: pools))
        }
    }

    /// The same client records through a new connection (SQLite, PostgreSQL), as another instance sees them; nil
    /// for memory.
    func reopenRecords() throws -> (any ClientRecordStore & PushStore)? {
        guard let location else { return nil }
        switch kind {
        case .memory: return nil
        case .sqlite: return try SQLiteClientRecords(path: location)
        case .postgres: return PostgresClientRecords(database: Self.database(location, pools: pools))
        }
    }

    /// The database URL of a PostgreSQL store.
    var databaseURL: String? { kind == .postgres ? location : nil }

    func close() {
        pools.withLock { $0.removeAll() }
        if kind == .sqlite, let location {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: location + suffix) }
        }
    }

    private static func database(_ url: String, pools: borrowing Mutex<[PooledDatabase]>) -> PostgresDatabase {
        // The URL comes from the test cluster, so it parses.
        let pooled = try! PooledDatabase(url)
        pools.withLock { $0.append(pooled) }
        return pooled.database
    }
}

/// Readings of `lot` at the start of each bucket given, with the counts given.
func readings(_ lot: LotID, _ values: [(bucket: Int, available: Int?)]) -> [LotReading] {
    values.map {
        LotReading(lotId: lot, available: $0.available, observedAt: TimeSlot.start(of: $0.bucket))
    }
}
