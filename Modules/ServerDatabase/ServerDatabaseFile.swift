import Foundation
import GRDB
import Storage

/// The SQLite file of one server on its own: history and client records in one schema, migrated by whichever store
/// opens the file first.
public enum ServerDatabaseFile {
    /// Opens or creates the file at `path` (readable by its owner only, WAL) with the current schema: a pool, so
    /// long reads (the alert watcher's pass over every subscription, a training's history) never hold up a write
    /// (the collection's history, a nonce).
    public static func open(_ path: String) throws -> DatabasePool {
        try AtomicFile.restrictToOwner(path)
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        configuration.prepareDatabase { db in
            // Every signed request spends a nonce: in WAL mode, NORMAL syncs at checkpoints instead of every commit.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        let pool = try DatabasePool(path: path, configuration: configuration)
        try migrator.migrate(pool)
        return pool
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-readings") { db in
            try db.execute(
                sql: """
                    CREATE TABLE reading (
                        lot TEXT NOT NULL,
                        bucket INTEGER NOT NULL,
                        available INTEGER NOT NULL,
                        PRIMARY KEY (lot, bucket)
                    ) WITHOUT ROWID
                    """)
        }
        migrator.registerMigration("v2-client-records") { db in
            try db.execute(
                sql: """
                    CREATE TABLE proof_nonce (key TEXT PRIMARY KEY, expires_at REAL NOT NULL) WITHOUT ROWID;
                    CREATE TABLE write_answer (key TEXT PRIMARY KEY, answer BLOB NOT NULL, created_at REAL NOT NULL);
                    CREATE TABLE push_subscription (
                        install_hash TEXT NOT NULL,
                        lot TEXT NOT NULL,
                        id TEXT NOT NULL,
                        threshold INTEGER NOT NULL,
                        quiet_from TEXT,
                        quiet_until TEXT,
                        updated_at REAL NOT NULL,
                        PRIMARY KEY (install_hash, lot)
                    );
                    CREATE TABLE telemetry_count (
                        day TEXT NOT NULL,
                        kind TEXT NOT NULL,
                        count INTEGER NOT NULL,
                        PRIMARY KEY (day, kind)
                    ) WITHOUT ROWID;
                    """)
        }
        migrator.registerMigration("v3-forecast-model") { db in
            try db.execute(
                sql: "CREATE TABLE forecast_model (id INTEGER PRIMARY KEY CHECK (id = 1), body BLOB NOT NULL)")
        }
        migrator.registerMigration("v4-web-push") { db in
            // `lot` holds the watched target's id (a lot's, or a park's for its total); `body` the whole subscription.
            try db.execute(
                sql: """
                    ALTER TABLE push_subscription ADD COLUMN body BLOB;
                    ALTER TABLE push_subscription ADD COLUMN has_push INTEGER NOT NULL DEFAULT 0;
                    ALTER TABLE push_subscription ADD COLUMN armed INTEGER NOT NULL DEFAULT 1;
                    ALTER TABLE push_subscription ADD COLUMN crossings INTEGER NOT NULL DEFAULT 0;
                    CREATE UNIQUE INDEX push_subscription_id ON push_subscription (id);
                    CREATE TABLE push_delivery (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        subscription_id TEXT NOT NULL,
                        crossing INTEGER NOT NULL,
                        endpoint TEXT NOT NULL,
                        p256dh TEXT NOT NULL,
                        auth TEXT NOT NULL,
                        payload BLOB NOT NULL,
                        topic TEXT NOT NULL,
                        created_at REAL NOT NULL,
                        expires_at REAL NOT NULL,
                        due_at REAL NOT NULL,
                        attempts INTEGER NOT NULL DEFAULT 0,
                        UNIQUE (subscription_id, crossing)
                    );
                    CREATE TABLE push_count (name TEXT PRIMARY KEY, count INTEGER NOT NULL) WITHOUT ROWID;
                    CREATE TABLE push_meta (key TEXT PRIMARY KEY, value BLOB NOT NULL) WITHOUT ROWID;
                    """)
        }
        migrator.registerMigration("v5-push-delivery-expiry") { db in
            // Every claim drops what expired: without this, a scan of the whole outbox (ten thousand rows of a
            // fan-out) while holding the one writer the collection also needs. (What is due is taken in id order,
            // from the oldest row left, which the primary key finds.)
            try db.execute(sql: "CREATE INDEX push_delivery_expires ON push_delivery (expires_at)")
        }
        migrator.registerMigration("v6-push-meta-at") { db in
            // PostgreSQL's columns: a key's bytes in `value` (the VAPID key), a time in `at` (the last send).
            try db.execute(
                sql: """
                    CREATE TABLE push_meta_v6 (key TEXT PRIMARY KEY, value BLOB, at REAL) WITHOUT ROWID;
                    INSERT INTO push_meta_v6 (key, value) SELECT key, value FROM push_meta WHERE key <> 'last_sent_at';
                    INSERT INTO push_meta_v6 (key, at) SELECT key, value FROM push_meta WHERE key = 'last_sent_at';
                    DROP TABLE push_meta;
                    ALTER TABLE push_meta_v6 RENAME TO push_meta;
                    """)
        }
        return migrator
    }
}
