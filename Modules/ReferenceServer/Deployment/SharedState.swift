import Foundation
import Models

/// What one backend instance shares with the other instances of its deployment, injected as values. The local
/// default shares nothing: the one process collects for itself, with history in memory or in a SQLite file. A
/// shared store (PostgreSQL) gives every instance the same history, one collector at a time and the collector's
/// snapshots.
public struct SharedState: Sendable {
    /// Past lot counts for forecasts.
    public var history: any HistoryStore
    /// Whether this instance collects.
    public var lease: CollectorLease
    /// The collector's snapshots, from the instance that collects to the others.
    public var snapshots: SnapshotExchange
    /// Nonces, idempotent write answers, push subscriptions and telemetry counts.
    public var records: any ClientRecordStore
    /// The root keys of access tokens, when the instances keep them in their store (`TOKEN_KEYS` overrides it);
    /// nil: a random key of this process.
    public var tokenKeys: TokenKeySource?
    /// The rate-limit buckets of bootstrap calls (per client address and per install).
    public var rateBuckets: RateBuckets
    /// Runs for as long as the backend does (a connection pool, a listener) and returns when its task is cancelled.
    public var run: @Sendable () async -> Void

    public init(
        history: any HistoryStore, lease: CollectorLease, snapshots: SnapshotExchange, records: any ClientRecordStore,
        tokenKeys: TokenKeySource? = nil, rateBuckets: RateBuckets = .local(), run: @escaping @Sendable () async -> Void
    ) {
        self.history = history
        self.lease = lease
        self.snapshots = snapshots
        self.records = records
        self.tokenKeys = tokenKeys
        self.rateBuckets = rateBuckets
        self.run = run
    }

    /// One process on its own: history and client records in the SQLite file `historyPath`, or in memory; it
    /// always collects.
    public static func local(historyPath: String?) throws -> SharedState {
        guard let historyPath else {
            return SharedState(
                history: MemoryHistoryStore(), lease: .always, snapshots: .none, records: MemoryClientRecords(),
                run: {})
        }
        // One connection to the file for both stores: opened and migrated once.
        let file = try ServerDatabaseFile.open(historyPath)
        return SharedState(
            history: SQLiteHistoryStore(queue: file), lease: .always, snapshots: .none,
            records: SQLiteClientRecords(queue: file), run: {})
    }
}

/// The right to collect: exactly one instance of a deployment reads the sources at a time.
public struct CollectorLease: Sendable {
    /// Takes the lease when it is free and reports whether this instance holds it now. Called before every
    /// collection round, so an instance takes over within one round of the holder's death.
    public var acquire: @Sendable () async -> Bool

    public init(acquire: @escaping @Sendable () async -> Bool) {
        self.acquire = acquire
    }

    /// A process on its own always collects.
    public static let always = CollectorLease { true }
}

/// Carries the collector's latest snapshot of each park to the instances that do not collect.
public struct SnapshotExchange: Sendable {
    /// Publishes a park's snapshot (the collecting instance, after every round).
    public var publish: @Sendable (ParkID, ParkSnapshot) async -> Void
    /// The snapshots published so far, one per park (an instance that starts, or takes over).
    public var stored: @Sendable () async -> [(ParkID, ParkSnapshot)]
    /// Each snapshot another instance publishes from now on, until the task is cancelled.
    public var received: @Sendable () -> AsyncStream<(ParkID, ParkSnapshot)>

    public init(
        publish: @escaping @Sendable (ParkID, ParkSnapshot) async -> Void,
        stored: @escaping @Sendable () async -> [(ParkID, ParkSnapshot)],
        received: @escaping @Sendable () -> AsyncStream<(ParkID, ParkSnapshot)>
    ) {
        self.publish = publish
        self.stored = stored
        self.received = received
    }

    /// Nothing to exchange (one process).
    public static let none = SnapshotExchange(
        publish: { _, _ in }, stored: { [] }, received: { AsyncStream { $0.finish() } })
}
