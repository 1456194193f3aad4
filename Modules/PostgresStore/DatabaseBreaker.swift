import PostgresNIO
import Synchronization

/// Whether to ask the database at all: after it fails to answer, every operation fails at once instead of each
/// waiting out the deadline (a bootstrap, a signed read, a write), and a probe of its own, at most one per
/// `cooldown`, finds out whether it is back; no request waits for it. The first answer to anything closes it again.
final class DatabaseBreaker: Sendable {
    /// What the breaker knows, and since when the database has been unreachable.
    struct State: Sendable, Equatable {
        var unreachableSince: ContinuousClock.Instant?
        var lastAttempt: ContinuousClock.Instant?
        var probing = false
    }

    /// Whether an operation may be sent.
    enum Admission: Equatable {
        case send
        /// Not sent: the database has not answered for `unreachableForSeconds`; when `probe`, the caller starts
        /// the probe (the breaker counts it as out until ``settle(unreachable:now:probe:)``).
        case refuse(unreachableForSeconds: Int, probe: Bool)
    }

    let cooldown: Duration
    private let state = Mutex(State())

    init(cooldown: Duration = .seconds(1)) {
        self.cooldown = cooldown
    }

    /// Whether an operation starting `now` may ask the database.
    func admit(now: ContinuousClock.Instant) -> Admission {
        state.withLock { state in
            guard let since = state.unreachableSince else { return .send }
            let seconds = Int((now - since).components.seconds)
            let probe = !state.probing && now - (state.lastAttempt ?? since) >= cooldown
            if probe {
                state.probing = true
                state.lastAttempt = now
            }
            return .refuse(unreachableForSeconds: seconds, probe: probe)
        }
    }

    /// Records how an operation (or the probe) that was sent ended: `unreachable` when the database itself did not
    /// answer (a query it refused is an answer).
    func settle(unreachable: Bool, now: ContinuousClock.Instant, probe: Bool = false) {
        state.withLock { state in
            if probe { state.probing = false }
            if unreachable {
                if state.unreachableSince == nil { state.unreachableSince = now }
                state.lastAttempt = now
            } else {
                state = State()
            }
        }
    }

    /// Whether `error` means the database could not be reached, rather than that it refused or failed one query.
    static func isUnreachable(_ error: any Error) -> Bool {
        if case PostgresStoreError.noAnswer = error { return true }
        guard let error = error as? PSQLError else { return false }
        return [.connectionError, .serverClosedConnection, .uncleanShutdown].contains(error.code)
    }
}
