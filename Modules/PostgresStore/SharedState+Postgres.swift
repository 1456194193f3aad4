import Foundation
import Logging
import ReferenceServer

extension SharedState {
    /// Every instance given the same database shares history, one collector at a time (a lease that moves to a
    /// waiting instance within `collectionInterval` of the holder's death) and the collector's snapshots.
    /// `timeout` bounds every database operation (a database that is down is an error in that time, not a hang).
    public static func postgres(
        _ url: DatabaseURL, collectionInterval: Duration, timeout: Duration = .seconds(5), logger: Logger
    ) -> SharedState {
        let database = PostgresDatabase(url: url, logger: logger, timeout: timeout)
        let lease = PostgresCollectorLease(database: database, interval: collectionInterval)
        let exchange = PostgresSnapshotExchange(database: database)
        let keys = PostgresTokenKeys(database: database)
        return SharedState(
            history: PostgresHistoryStore(database: database),
            lease: CollectorLease { await lease.acquire() },
            snapshots: SnapshotExchange(
                publish: { await exchange.publish($0, $1) }, stored: { await exchange.stored() },
                received: { exchange.received() }),
            records: PostgresClientRecords(database: database),
            tokenKeys: TokenKeySource { try await keys.load() },
            run: {
                await withDiscardingTaskGroup { group in
                    group.addTask { await database.run() }
                    group.addTask { await lease.run() }
                }
            })
    }
}
