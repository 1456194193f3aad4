import Foundation
import Logging
import PostgresNIO
import Synchronization

/// The collector lease as a PostgreSQL session advisory lock: the instance whose connection holds it collects.
/// When that instance dies its connection closes and PostgreSQL frees the lock; a waiting instance tries again
/// every half interval, so it takes over within one interval and collects at its next round.
final class PostgresCollectorLease: Sendable {
    private struct State {
        var held = false
        var attempted = false
        var waiting: [CheckedContinuation<Bool, Never>] = []
    }

    private let database: PostgresDatabase
    private let interval: Duration
    private let state = Mutex(State())

    init(database: PostgresDatabase, interval: Duration) {
        self.database = database
        self.interval = interval
    }

    /// Whether this instance holds the lease; the first call waits for the first attempt to take it.
    func acquire() async -> Bool {
        await withCheckedContinuation { continuation in
            let answer: Bool? = state.withLock { state in
                guard state.attempted else {
                    state.waiting.append(continuation)
                    return nil
                }
                return state.held
            }
            if let answer { continuation.resume(returning: answer) }
        }
    }

    /// Tries to take the lock, holds it while the connection lives, and tries again after losing it, until cancelled.
    func run() async {
        while !Task.isCancelled {
            do {
                // A database that is down answers no within the deadline, not after the pool's minute.
                _ = try await database.withDeadline { try await self.database.query("SELECT 1") }
                try await database.client.withConnection { connection in
                    var taken = false
                    for try await got in try await connection.query(
                        "SELECT pg_try_advisory_lock(\(PostgresLocks.collector))", logger: database.logger
                    ).decode(Bool.self) {
                        taken = got
                    }
                    settle(held: taken)
                    guard taken else { return }
                    database.logger.notice("collector lease taken: this instance collects")
                    defer { settle(held: false) }
                    // Hold the connection (and the lock) while it answers; a failed ping means both are gone. The loop
                    // ends only when the backend shuts down, and the pool closing the connection frees the lock: no
                    // query on a pool that is shutting down (one could wait for ever).
                    while !Task.isCancelled {
                        try await Task.sleep(for: interval / 2)
                        try await connection.query("SELECT 1", logger: database.logger)
                    }
                }
            } catch {
                settle(held: false)
                if !Task.isCancelled {
                    database.logger.warning("collector lease: \(String(reflecting: error))")
                }
            }
            try? await Task.sleep(for: interval / 2)
        }
        settle(held: false)
    }

    private func settle(held: Bool) {
        let waiting = state.withLock { state in
            state.held = held
            state.attempted = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume(returning: held) }
    }
}
