import Foundation
import Logging
import ReferenceServer
import ServerCollection
import ServerTrust

extension SharedState {
    /// Every instance given the same database shares history, one collector at a time (a lease that moves to a
    /// waiting instance within `collectionInterval` of the holder's death), the collector's collected values, client records,
    /// access keys and rate-limit buckets.
    /// `timeout` bounds every database operation (a database that is down is an error in that time, not a hang).
    public static func postgres(
        _ url: DatabaseURL, collectionInterval: Duration, timeout: Duration = .seconds(5), logger: Logger
    ) -> SharedState {
        let database = PostgresDatabase(url: url, logger: logger, timeout: timeout)
        let lease = PostgresCollectorLease(database: database, interval: collectionInterval)
        let exchange = PostgresCollectionExchange(database: database)
        let keys = PostgresTokenKeys(database: database)
        let buckets = PostgresRateBuckets(database: database)
        return SharedState(
            history: PostgresHistoryStore(database: database),
            lease: CollectorLease { await lease.acquire() },
            exchange: CollectionExchange(
                publish: { await exchange.publish($0, $1) }, stored: { await exchange.stored() },
                received: { exchange.received() }),
            records: PostgresClientRecords(database: database),
            tokenKeys: TokenKeySource { try await keys.load() },
            rateBuckets: RateBuckets { try await buckets.take($0, $1, now: $2) },
            run: {
                await withDiscardingTaskGroup { group in
                    group.addTask { await database.run() }
                    group.addTask { await lease.run() }
                }
            })
    }
}
