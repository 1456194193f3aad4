import Foundation
import Logging
import PostgresNIO
import Synchronization

/// A PostgreSQL database shared by the instances of a deployment: a connection pool, and the schema migrated once
/// before first use (under an advisory lock, so instances starting together do not race).
public final class PostgresDatabase: Sendable {
    let client: PostgresClient
    let logger: Logger
    /// The longest one operation may wait for the database (the pool itself waits a minute before giving up).
    let timeout: Duration
    /// Fails operations at once while the database is known to be unreachable.
    let breaker = DatabaseBreaker()
    private let migration = Mutex<Task<Void, any Error>?>(nil)

    public init(url: DatabaseURL, logger: Logger, timeout: Duration = .seconds(5)) {
        client = PostgresClient(configuration: url.configuration, backgroundLogger: logger)
        self.logger = logger
        self.timeout = timeout
    }

    /// Runs `work`, or throws ``PostgresStoreError/noAnswer(seconds:)`` when it takes longer than the timeout. The
    /// caller is answered at the deadline even when the work cannot be interrupted (a pool waiting to connect).
    /// While the database is known to be unreachable, throws ``PostgresStoreError/unreachable(seconds:)`` at once
    /// (``DatabaseBreaker``) and, at most once a second, probes it in the background.
    func withDeadline<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) async throws -> T {
        if case .refuse(let seconds, let probe) = breaker.admit(now: .now) {
            if probe { Task { await self.probe() } }
            throw PostgresStoreError.unreachable(seconds: seconds)
        }
        do {
            let value = try await answerWithin(timeout, work)
            breaker.settle(unreachable: false, now: .now)
            return value
        } catch {
            breaker.settle(unreachable: DatabaseBreaker.isUnreachable(error), now: .now)
            throw error
        }
    }

    /// Asks the database a trivial question, to learn whether it is back.
    private func probe() async {
        do {
            _ = try await answerWithin(timeout) { try await self.client.query("SELECT 1", logger: self.logger) }
            breaker.settle(unreachable: false, now: .now, probe: true)
        } catch {
            breaker.settle(unreachable: DatabaseBreaker.isUnreachable(error), now: .now, probe: true)
        }
    }

    private func answerWithin<T: Sendable>(
        _ timeout: Duration, _ work: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let answer = Answer(continuation)
            let worker = Task {
                do { answer.resume(with: .success(try await work())) } catch { answer.resume(with: .failure(error)) }
            }
            let timer = Task {
                try await Task.sleep(for: timeout)
                answer.resume(with: .failure(PostgresStoreError.noAnswer(seconds: Int(timeout.components.seconds))))
                worker.cancel()
            }
            answer.onResume { timer.cancel() }
        }
    }

    /// Keeps the pool's connections until the task is cancelled.
    public func run() async {
        await client.run()
    }

    /// Waits until the schema is current; an error (the database is down) is retried by the next caller.
    func ready() async throws {
        let task = migration.withLock { current in
            if let current { return current }
            let task = Task { try await self.migrate() }
            current = task
            return task
        }
        do { try await task.value } catch {
            migration.withLock { if $0 == task { $0 = nil } }
            throw error
        }
    }

    /// Runs a query once the schema is current.
    @discardableResult
    func query(_ query: PostgresQuery) async throws -> PostgresRowSequence {
        try await ready()
        return try await client.query(query, logger: logger)
    }

    /// Every schema change, in order; a deployed database records how many it has.
    static let migrations: [String] = [
        """
        CREATE TABLE reading (
            lot text NOT NULL,
            bucket bigint NOT NULL,
            available integer NOT NULL,
            PRIMARY KEY (lot, bucket)
        )
        """,
        "CREATE INDEX reading_bucket ON reading (bucket)",
        """
        CREATE TABLE park_snapshot (
            park text PRIMARY KEY,
            body bytea NOT NULL,
            published_by text NOT NULL,
            published_at timestamptz NOT NULL DEFAULT now()
        )
        """,
        "CREATE TABLE proof_nonce (key text PRIMARY KEY, expires_at timestamptz NOT NULL)",
        "CREATE TABLE write_answer (key text PRIMARY KEY, answer bytea NOT NULL, created_at timestamptz NOT NULL)",
        """
        CREATE TABLE push_subscription (
            install_hash text NOT NULL,
            lot text NOT NULL,
            id text NOT NULL,
            threshold integer NOT NULL,
            quiet_from text,
            quiet_until text,
            updated_at timestamptz NOT NULL,
            PRIMARY KEY (install_hash, lot)
        )
        """,
        """
        CREATE TABLE telemetry_count (
            day text NOT NULL,
            kind text NOT NULL,
            count bigint NOT NULL,
            PRIMARY KEY (day, kind)
        )
        """,
        """
        CREATE TABLE token_key (
            id text PRIMARY KEY,
            secret bytea NOT NULL,
            created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
            retire_at timestamptz
        )
        """,
        """
        CREATE TABLE rate_bucket (
            key text PRIMARY KEY,
            tokens double precision NOT NULL,
            at timestamptz NOT NULL,
            allowed boolean NOT NULL
        )
        """,
        "CREATE TABLE forecast_model (id integer PRIMARY KEY CHECK (id = 1), body bytea NOT NULL)",
        // Web Push: `lot` holds the watched target's id (a lot's, or a park's total); `body` the whole subscription.
        """
        ALTER TABLE push_subscription ADD COLUMN body bytea, ADD COLUMN has_push boolean NOT NULL DEFAULT false,
            ADD COLUMN armed boolean NOT NULL DEFAULT true, ADD COLUMN crossings integer NOT NULL DEFAULT 0
        """,
        "CREATE UNIQUE INDEX push_subscription_id ON push_subscription (id)",
        """
        CREATE TABLE push_delivery (
            id bigserial PRIMARY KEY,
            subscription_id text NOT NULL,
            crossing integer NOT NULL,
            endpoint text NOT NULL,
            p256dh text NOT NULL,
            auth text NOT NULL,
            payload bytea NOT NULL,
            topic text NOT NULL,
            created_at timestamptz NOT NULL,
            expires_at timestamptz NOT NULL,
            due_at timestamptz NOT NULL,
            attempts integer NOT NULL DEFAULT 0,
            UNIQUE (subscription_id, crossing)
        )
        """,
        "CREATE INDEX push_delivery_due ON push_delivery (due_at)",
        "CREATE TABLE push_count (name text PRIMARY KEY, count bigint NOT NULL)",
        "CREATE TABLE push_meta (key text PRIMARY KEY, value bytea, at timestamptz)",
        // Every claim drops what expired: without an index, a scan of the whole outbox under the claim's lock.
        "CREATE INDEX push_delivery_expires ON push_delivery (expires_at)",
    ]

    private func migrate() async throws {
        try await client.withTransaction(logger: logger) { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(\(PostgresLocks.migration))", logger: logger)
            try await connection.query(
                "CREATE TABLE IF NOT EXISTS hangangjari_schema (version integer NOT NULL)", logger: logger)
            var applied = 0
            for try await version in try await connection.query(
                "SELECT coalesce(max(version), 0) FROM hangangjari_schema", logger: logger
            ).decode(Int.self) {
                applied = version
            }
            guard applied <= Self.migrations.count else {
                throw PostgresStoreError.schemaTooNew(found: applied, known: Self.migrations.count)
            }
            for (index, sql) in Self.migrations.enumerated() where index >= applied {
                try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
                try await connection.query("INSERT INTO hangangjari_schema VALUES (\(index + 1))", logger: logger)
            }
        }
    }
}

/// A continuation resumed once, by whichever of the work and the deadline comes first.
private final class Answer<T: Sendable>: Sendable {
    private let state: Mutex<(continuation: CheckedContinuation<T, any Error>?, done: (@Sendable () -> Void)?)>

    init(_ continuation: CheckedContinuation<T, any Error>) {
        state = Mutex((continuation, nil))
    }

    func resume(with result: Result<T, any Error>) {
        let (continuation, done) = state.withLock { state in
            defer { state = (nil, nil) }
            return (state.continuation, state.done)
        }
        continuation?.resume(with: result)
        if continuation != nil { done?() }
    }

    /// Runs `done` once the answer is given (at once if it already was).
    func onResume(_ done: @escaping @Sendable () -> Void) {
        let already = state.withLock { state in
            if state.continuation == nil { return true }
            state.done = done
            return false
        }
        if already { done() }
    }
}

/// The advisory lock keys of this project (one 64-bit key space per database); `pg_locks` shows a key's high 32
/// bits as `classid` and its low 32 bits as `objid`.
public enum PostgresLocks {
    /// Held while the schema is migrated.
    public static let migration: Int64 = 0x4847_4A00_0001
    /// Held, for its session, by the instance that collects.
    public static let collector: Int64 = 0x4847_4A00_0002
    /// Held while the root keys are created or rotated.
    public static let tokenKeys: Int64 = 0x4847_4A00_0003
}

/// Failures of the PostgreSQL store that are not the driver's.
public enum PostgresStoreError: Error, CustomStringConvertible, Equatable {
    /// The database was migrated by a newer build.
    case schemaTooNew(found: Int, known: Int)
    /// The database did not answer in time (down, unreachable, or overloaded).
    case noAnswer(seconds: Int)
    /// The database did not answer an operation moments ago, so this one was not sent (it is asked again at most
    /// once a second); `seconds` since it stopped answering.
    case unreachable(seconds: Int)
    /// No root key was in force even after creating one (the table was changed by hand).
    case noTokenKey
    /// A write's stored answer was gone when its key was found taken (deleted between the two statements).
    case answerVanished
    /// A rate-limit bucket's upsert returned no row (the table was changed by hand).
    case bucketUnanswered

    public var description: String {
        switch self {
        case .noTokenKey:
            "no access key is in force in the database (token_key), and none could be created"
        case .answerVanished:
            "the stored answer to this idempotency key was deleted while it was read; retry the write"
        case .bucketUnanswered:
            "the rate-limit bucket (rate_bucket) returned no row for its upsert"
        case .noAnswer(let seconds):
            "the database did not answer within \(seconds) s"
        case .unreachable(let seconds):
            "the database has not answered for \(seconds) s; it is asked again at most once a second"
        case .schemaTooNew(let found, let known):
            "the database schema is at version \(found), newer than this build's \(known): run the newer build"
        }
    }
}
