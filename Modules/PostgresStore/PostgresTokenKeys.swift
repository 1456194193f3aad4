import Foundation
import Models
import PostgresNIO
import ServerTrust

/// The root keys of access tokens in PostgreSQL, so that every instance holds the same ones. The first instance to
/// ask creates the first key; `hangangjari-server keys rotate` adds a new signing key and retires the others after
/// an overlap, during which they still verify.
public final class PostgresTokenKeys: Sendable {
    let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    /// A key as listed (never its secret).
    public struct Listed: Sendable, Equatable {
        public var id: String
        public var createdAt: Date
        /// When it stops verifying; nil while it signs.
        public var retireAt: Date?
    }

    /// The keys in force, the newest (the signing key) first; creates the first key when there is none.
    public func load() async throws -> TokenKeys {
        let (database, logger) = (database, database.logger)
        let stored = try await database.withDeadline { () async throws -> TokenKeys? in
            if let keys = try await self.inForce() { return keys }
            try await database.client.withTransaction(logger: logger) { connection in
                try await connection.query(
                    "SELECT pg_advisory_xact_lock(\(PostgresLocks.tokenKeys))", logger: logger)
                try await connection.query(
                    """
                    INSERT INTO token_key (id, secret)
                    SELECT \(Self.newId()), \(TokenKeys.newSecret())
                    WHERE NOT EXISTS (SELECT 1 FROM token_key WHERE retire_at IS NULL OR retire_at > now())
                    """, logger: logger)
            }
            return try await self.inForce()
        }
        guard let stored else { throw PostgresStoreError.noTokenKey }
        return stored
    }

    /// Adds a new signing key; the keys in force before it verify for `overlap` more, then retire. Keys retired a
    /// day ago are deleted. Returns the new key's id.
    public func rotate(overlap: TimeInterval) async throws -> String {
        let (database, logger) = (database, database.logger)
        let id = Self.newId()
        try await database.withDeadline {
            try await database.ready()
            try await database.client.withTransaction(logger: logger) { connection in
                try await connection.query(
                    "SELECT pg_advisory_xact_lock(\(PostgresLocks.tokenKeys))", logger: logger)
                try await connection.query(
                    """
                    UPDATE token_key SET retire_at = now() + make_interval(secs => \(overlap))
                    WHERE retire_at IS NULL OR retire_at > now() + make_interval(secs => \(overlap))
                    """, logger: logger)
                try await connection.query(
                    "INSERT INTO token_key (id, secret) VALUES (\(id), \(TokenKeys.newSecret()))", logger: logger)
                try await connection.query(
                    "DELETE FROM token_key WHERE retire_at < now() - interval '1 day'", logger: logger)
            }
        }
        return id
    }

    /// Every key kept, newest first.
    public func list() async throws -> [Listed] {
        try await database.withDeadline {
            var out: [Listed] = []
            let rows = try await self.database.query(
                "SELECT id, created_at, retire_at FROM token_key ORDER BY created_at DESC, id")
            for try await (id, created, retire) in rows.decode((String, Date, Date?).self) {
                out.append(Listed(id: id, createdAt: created, retireAt: retire))
            }
            return out
        }
    }

    private func inForce() async throws -> TokenKeys? {
        var stored: [(id: String, secret: Data)] = []
        let rows = try await database.query(
            """
            SELECT id, secret FROM token_key WHERE retire_at IS NULL OR retire_at > now()
            ORDER BY (retire_at IS NULL) DESC, created_at DESC, id
            """)
        for try await (id, secret) in rows.decode((String, Data).self) {
            stored.append((id, secret))
        }
        return TokenKeys(stored: stored)
    }

    /// `k` and 12 hex digits: unique without a counter, and within `TOKEN_KEYS`'s id rules.
    private static func newId() -> String {
        "k" + Hex.lowercase(TokenKeys.newSecret().prefix(6))
    }
}
