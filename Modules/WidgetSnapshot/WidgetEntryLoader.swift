import FoundationEssentials
import Localization
import Models
import Storage

/// What the widget shows, and how much to trust it.
public struct WidgetEntry: Sendable {
    /// The verdict every reader gives the same data: current (a snapshot within its max age with sources that call
    /// themselves fresh), stale (the last snapshot, too old or with stale sources) or unavailable (a placeholder
    /// that says why, never a blank).
    public typealias State = TrustVerdict

    public var kind: WidgetKind
    public var parkId: ParkID
    public var snapshot: WidgetSnapshot?
    public var state: State
    public var nextRefresh: Date
    /// A problem writing the snapshot after a successful fetch (reported on stderr; the value is still shown).
    public var writeProblem: Reason?

    public init(
        kind: WidgetKind, parkId: ParkID, snapshot: WidgetSnapshot?, state: State, nextRefresh: Date,
        writeProblem: Reason? = nil
    ) {
        self.kind = kind
        self.parkId = parkId
        self.snapshot = snapshot
        self.state = state
        self.nextRefresh = nextRefresh
        self.writeProblem = writeProblem
    }
}

/// Loads a widget entry: a fresh snapshot without touching network or SQLite; else fetch the home summary
/// (park-guarded), write both snapshots and show it (for go: every lot's forecast, written as the go snapshot); on
/// failure the last snapshot marked stale, or a placeholder.
public struct WidgetEntryLoader: Sendable {
    public var store: SnapshotStore
    /// Fetches a park's home summary; it must already be guarded to that park.
    public var fetch: @Sendable (ParkID) async throws -> HomeSummary
    /// Fetches every lot's forecast (the go kind).
    public var fetchLotForecasts: @Sendable () async throws -> LotForecastsResponse
    public var now: @Sendable () -> Date

    public init(
        store: SnapshotStore, fetch: @escaping @Sendable (ParkID) async throws -> HomeSummary,
        fetchLotForecasts: @escaping @Sendable () async throws -> LotForecastsResponse = { throw CancellationError() },
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.store = store
        self.fetch = fetch
        self.fetchLotForecasts = fetchLotForecasts
        self.now = now
    }

    /// Whether a snapshot can be shown without fetching.
    public func freshSnapshot(_ kind: WidgetKind, _ park: ParkID, maxAge: TimeInterval) -> WidgetSnapshot? {
        guard case .success(let snapshot) = store.read(kind, park) else { return nil }
        return Freshness.isCurrent(observedAt: snapshot.builtAt, now: now(), window: maxAge) ? snapshot : nil
    }

    /// The entry to show.
    public func load(_ kind: WidgetKind, park: ParkID, maxAge: TimeInterval) async -> WidgetEntry {
        if let snapshot = freshSnapshot(kind, park, maxAge: maxAge) {
            return entry(kind, park, snapshot, fetched: false, failures: 0)
        }
        // One fetch at a time across processes: a run that finds another fetching waits for its snapshot.
        let lockURL = store.container.file("widget-fetch.lock")
        try? store.container.prepare()
        let lock = FileLock.attempt(lockURL)
        if lock == nil {
            // Real time, like the lock's own wait.
            let waited = (try? FileLock(lockURL, deadline: Date().addingTimeInterval(4)))
            withExtendedLifetime(waited) {}
            if let snapshot = freshSnapshot(kind, park, maxAge: maxAge) {
                return entry(kind, park, snapshot, fetched: false, failures: 0)
            }
        }
        defer { withExtendedLifetime(lock) {} }
        do {
            let snapshot: WidgetSnapshot
            var writeProblem: Reason?
            if kind == .go {
                let answer = try await fetchLotForecasts()
                snapshot = SnapshotBuilder.go(answer, park: park, now: now())
                do { try store.write(snapshot) } catch { writeProblem = Reason(error) }
            } else {
                let summary = try await fetch(park)
                try ParkGuard.check(summary, requested: park)
                let at = now()
                snapshot = SnapshotBuilder.build(kind, from: summary, now: at)
                do { try store.writeBoth(from: summary, now: at) } catch { writeProblem = Reason(error) }
            }
            failures(reset: true)
            var result = entry(kind, park, snapshot, fetched: true, failures: 0)
            result.writeProblem = writeProblem
            return result
        } catch {
            return failed(kind, park, reason: Reason(error), failures: failures(reset: false))
        }
    }

    /// The entry after a failed or late fetch: the last snapshot marked stale, else a placeholder.
    public func failed(_ kind: WidgetKind, _ park: ParkID, reason: Reason, failures: Int) -> WidgetEntry {
        let old = try? store.read(kind, park).get()
        let state = TrustVerdict.judge(
            hasValue: old != nil, refreshFailure: reason, sources: old?.freshness.known ?? .unavailable)
        return WidgetEntry(
            kind: kind, parkId: park, snapshot: old, state: state,
            nextRefresh: RefreshPolicy.next(after: now(), failures: failures))
    }

    /// The entry for a snapshot just read or fetched, judged by the one trust rule.
    public func entry(_ kind: WidgetKind, _ park: ParkID, _ snapshot: WidgetSnapshot, fetched: Bool, failures: Int)
        -> WidgetEntry
    {
        let state = TrustVerdict.judge(
            hasValue: true, refreshFailure: nil, sources: snapshot.freshness.known ?? .unavailable)
        return WidgetEntry(
            kind: kind, parkId: park, snapshot: snapshot, state: state,
            nextRefresh: RefreshPolicy.next(after: now(), failures: failures))
    }

    /// Counts consecutive failed fetches in the container; returns the new count.
    @discardableResult
    private func failures(reset: Bool) -> Int {
        let url = store.container.file("widget-failures")
        let current = AtomicFile.read(url).flatMap { Int(String(decoding: $0, as: UTF8.self)) } ?? 0
        let next = reset ? 0 : current + 1
        if next != current { try? AtomicFile.write(Data("\(next)".utf8), to: url) }
        return next
    }
}
