import Foundation
import GRDB
import Localization
import Models
import Storage
import Synchronization

/// The SQLite cache shared by the app and the widget (WAL, busy timeout, one writer at a time across processes).
///
/// It keeps each endpoint's response body whole, by `CacheKey`, with its ETag and fetch time: every screen of a park
/// (home, parking, forecast, outing) paints from its home summary, through `ReadThroughCache`, whether it was just
/// received or the server is down. It is a cache: a corrupt or too-new file is moved aside and rebuilt, with a
/// warning. What it holds is decoded (and guarded against another park) by the reader, once.
public final class CacheDatabase: Sendable {
    /// Reads go through one read-only connection: opening it writes nothing, so a command that only reads a fresh
    /// value neither sets up WAL, nor migrates, nor checkpoints on exit.
    private let reader: DatabaseQueue
    /// The writer (WAL pool, migrations), opened on the first write or when the file needs migrating.
    private let writer: Mutex<DatabasePool?>
    /// What happened while opening (a file moved aside, ...), for stderr and `doctor`.
    public let warnings: [Reason]
    public let url: URL

    /// Opens (or creates, or rebuilds) the cache at `url`.
    public init(url: URL) throws(StorageError) {
        self.url = url
        var warnings: [Reason] = []
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
        } catch {
            throw .unwritable(path: url.path, reason: error.localizedDescription)
        }
        let opened: (reader: DatabaseQueue, writer: DatabasePool?)
        do {
            opened = try Self.open(url)
        } catch let failure as OpenFailure {
            let moved = Self.moveAside(url)
            warnings.append(
                failure.tooNew
                    ? Reason(.reasonCacheTooNew, url.path, moved ?? "?")
                    : Reason(.reasonCacheUnreadable, url.path, moved ?? "?", failure.reason))
            do { opened = try Self.open(url) } catch { throw .unwritable(path: url.path, reason: "\(error)") }
        } catch {
            throw .unwritable(path: url.path, reason: "\(error)")
        }
        reader = opened.reader
        writer = Mutex(opened.writer)
        self.warnings = warnings
    }

    struct OpenFailure: Error {
        var reason: String
        var tooNew: Bool
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE home_summary (
                        park_id TEXT PRIMARY KEY, etag TEXT, body BLOB NOT NULL, fetched_at REAL NOT NULL, generated_at REAL NOT NULL);
                    CREATE TABLE park (
                        id TEXT PRIMARY KEY, name_ko TEXT NOT NULL, name_en TEXT NOT NULL, lat REAL NOT NULL, lon REAL NOT NULL,
                        area_code TEXT NOT NULL);
                    CREATE TABLE lot (
                        id TEXT PRIMARY KEY, park_id TEXT NOT NULL, name_ko TEXT NOT NULL, name_en TEXT NOT NULL, capacity INTEGER NOT NULL,
                        lat REAL NOT NULL, lon REAL NOT NULL, opens TEXT NOT NULL, closes TEXT NOT NULL, basic_charge INTEGER NOT NULL);
                    CREATE INDEX lot_by_park ON lot(park_id);
                    CREATE TABLE lot_status (
                        lot_id TEXT PRIMARY KEY, park_id TEXT NOT NULL, available INTEGER, capacity INTEGER NOT NULL,
                        observed_at REAL, label TEXT NOT NULL, recommended INTEGER NOT NULL, fetched_at REAL NOT NULL);
                    CREATE INDEX lot_status_by_park ON lot_status(park_id);
                    CREATE TABLE forecast_overview (
                        park_id TEXT PRIMARY KEY, generated_at REAL NOT NULL, horizon_minutes INTEGER NOT NULL,
                        p50_30 INTEGER, p10_30 INTEGER, p90_30 INTEGER, risk_30 REAL, body BLOB NOT NULL);
                    """)
        }
        migrator.registerMigration("v2-responses") { db in
            try db.execute(
                sql: """
                    CREATE TABLE response (
                        key TEXT PRIMARY KEY, etag TEXT, body BLOB NOT NULL, fetched_at REAL NOT NULL)
                    """)
        }
        // The lot, status and forecast tables split out of each summary had no reader: the screens paint from the
        // summary itself.
        migrator.registerMigration("v3-one-summary-body") { db in
            for table in ["park", "lot", "lot_status", "forecast_overview"] { try db.drop(table: table) }
        }
        // One table, one read path: the home summaries join the other responses under their keys.
        migrator.registerMigration("v4-summaries-as-responses") { db in
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO response (key, etag, body, fetched_at)
                        SELECT ? || park_id, etag, body, fetched_at FROM home_summary;
                    DROP TABLE home_summary
                    """, arguments: [CacheKey.homeSummaryPrefix])
        }
        return migrator
    }

    /// The read-only connection, and the writer when the file is new or behind this version's migrations.
    static func open(_ url: URL) throws -> (reader: DatabaseQueue, writer: DatabasePool?) {
        try AtomicFile.restrictToOwner(url.path)
        if let reader = try openReader(url, migrated: false) { return (reader, nil) }
        let writer = try openWriter(url)
        guard let reader = try openReader(url, migrated: true) else {
            throw OpenFailure(reason: "not migrated", tooNew: false)
        }
        return (reader, writer)
    }

    /// A read-only connection to a readable file, or nil when the file still needs migrating (a new, empty file).
    static func openReader(_ url: URL, migrated: Bool) throws -> DatabaseQueue? {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(5)
        configuration.label = "hangangjari-cache-reader"
        do {
            let reader = try DatabaseQueue(path: url.path, configuration: configuration)
            let (superseded, complete) = try reader.read { db in
                _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master")
                return (try migrator.hasBeenSuperseded(db), try migrator.hasCompletedMigrations(db))
            }
            if superseded { throw OpenFailure(reason: "unknown migrations", tooNew: true) }
            return complete || migrated ? reader : nil
        } catch let error as DatabaseError where [.SQLITE_NOTADB, .SQLITE_CORRUPT].contains(error.resultCode) {
            throw OpenFailure(reason: error.message ?? "\(error.resultCode)", tooNew: false)
        }
    }

    /// The writer: a WAL pool with the migrations applied.
    static func openWriter(_ url: URL) throws -> DatabasePool {
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        configuration.label = "hangangjari-cache"
        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: url.path, configuration: configuration)
        } catch let error as DatabaseError where [.SQLITE_NOTADB, .SQLITE_CORRUPT].contains(error.resultCode) {
            throw OpenFailure(reason: error.message ?? "\(error.resultCode)", tooNew: false)
        }
        try migrator.migrate(pool)
        return pool
    }

    /// Runs a write, opening the writer the first time.
    private func write<T>(_ updates: (Database) throws -> T) throws -> T {
        let pool = try writer.withLock { writer in
            if let writer { return writer }
            let opened = try Self.openWriter(url)
            writer = opened
            return opened
        }
        return try pool.write(updates)
    }

    static func moveAside(_ url: URL) -> String? {
        let stamp = Int(Date().timeIntervalSince1970)
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: url.path + suffix) }
        let target = url.path + ".corrupt-\(stamp)"
        return (try? FileManager.default.moveItem(atPath: url.path, toPath: target)) != nil ? target : nil
    }

    // MARK: Writes

    /// Forgets everything (`hangangjari cache clear`).
    public func clear() throws {
        try write { db in
            try db.execute(sql: "DELETE FROM response")
        }
    }

    /// A response body as it was received, with what a conditional request needs.
    public struct CachedResponse: Sendable {
        public var body: Data
        public var etag: String?
        public var fetchedAt: Date
    }

    /// Stores a response body already decoded and guarded by the caller.
    public func storeResponse(key: CacheKey, body: Data, etag: String?, fetchedAt: Date) throws {
        try write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO response (key, etag, body, fetched_at) VALUES (?, ?, ?, ?)",
                arguments: [key.rawValue, etag, body, fetchedAt.timeIntervalSince1970])
        }
    }

    /// A stored response body.
    public func response(key: CacheKey) throws -> CachedResponse? {
        try reader.read { db in
            try Row.fetchOne(
                db, sql: "SELECT etag, body, fetched_at FROM response WHERE key = ?", arguments: [key.rawValue]
            ).map {
                CachedResponse(
                    body: $0["body"], etag: $0["etag"], fetchedAt: Date(timeIntervalSince1970: $0["fetched_at"]))
            }
        }
    }

    /// Drops a stored response (one that no longer decodes).
    public func removeResponse(key: CacheKey) throws {
        try write { db in try db.execute(sql: "DELETE FROM response WHERE key = ?", arguments: [key.rawValue]) }
    }
}
