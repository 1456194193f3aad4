import Foundation
import Models
import ServerCollection
import ServerDatabase
import ServerForecasting
import ServerTrust

/// What one backend instance shares with the other instances of its deployment, injected as values. The local
/// default shares nothing: the one process collects for itself, with history in memory or in a SQLite file. A
/// shared store (PostgreSQL) gives every instance the same history, one collector at a time and the collector's
/// collected values.
public struct SharedState: Sendable {
    /// Past lot counts for forecasts.
    public var history: any ForecastHistory
    /// Whether this instance collects.
    public var lease: CollectorLease
    /// The collector's collected values, from the instance that collects to the others.
    public var exchange: CollectionExchange
    /// Nonces, idempotent write answers, push subscriptions and telemetry counts.
    public var records: any ClientRecordStore
    /// The alerts' armed states, outbox and VAPID key, beside the subscriptions in `records`.
    public var push: any PushStore
    /// The root keys of access tokens, when the instances keep them in their store (`TOKEN_KEYS` overrides it);
    /// nil: a random key of this process.
    public var tokenKeys: TokenKeySource?
    /// The rate-limit buckets of bootstrap calls (per client address and per install).
    public var rateBuckets: RateBuckets
    /// Runs for as long as the backend does (a connection pool, a listener) and returns when its task is cancelled.
    public var run: @Sendable () async -> Void

    public init(
        history: any ForecastHistory, lease: CollectorLease, exchange: CollectionExchange,
        records: any ClientRecordStore & PushStore, tokenKeys: TokenKeySource? = nil,
        rateBuckets: RateBuckets = .local(), run: @escaping @Sendable () async -> Void
    ) {
        self.history = history
        self.lease = lease
        self.exchange = exchange
        self.records = records
        push = records
        self.tokenKeys = tokenKeys
        self.rateBuckets = rateBuckets
        self.run = run
    }

    /// One process on its own: history and client records in the SQLite file `historyPath`, or in memory; it
    /// always collects.
    public static func local(historyPath: String?) throws -> SharedState {
        guard let historyPath else {
            return SharedState(
                history: MemoryHistoryStore(), lease: .always, exchange: .none, records: MemoryClientRecords(),
                run: {})
        }
        // One pool on the file for both stores: opened and migrated once.
        let file = try ServerDatabaseFile.open(historyPath)
        return SharedState(
            history: SQLiteHistoryStore(pool: file), lease: .always, exchange: .none,
            records: SQLiteClientRecords(pool: file), run: {})
    }
}
