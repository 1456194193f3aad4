import Foundation
import Models
import ServerSources
import Synchronization

/// One finished collection of one kind of source: every park's collected values as it stood when the round ended.
public struct CollectionEvent: Sendable {
    public var kind: SourceKind
    /// When the round started (the instant its values were read for).
    public var at: Date
    public var collected: [ParkID: CollectedPark]

    public init(kind: SourceKind, at: Date, collected: [ParkID: CollectedPark]) {
        self.kind = kind
        self.at = at
        self.collected = collected
    }
}

/// Acts on finished collections (forecasts, the alert watcher), given to the collector by the assembly.
public struct CollectionListener: Sendable {
    /// For the log, when it fails.
    public var name: String
    /// The kinds of collection it acts on.
    public var kinds: Set<SourceKind>
    public var receive: @Sendable (CollectionEvent) async throws -> Void

    public init(
        name: String, kinds: Set<SourceKind>, receive: @escaping @Sendable (CollectionEvent) async throws -> Void
    ) {
        self.name = name
        self.kinds = kinds
        self.receive = receive
    }
}

/// Hands each listener the collections it acts on, each listener in a task of its own, so a slow or failing one
/// never delays the collection or the others: while it is busy, only the newest collection of each kind waits for
/// it (an older one would be acted on too late anyway).
final class CollectionListeners: Sendable {
    private final class Mailbox: Sendable {
        let listener: CollectionListener
        let waiting = Mutex<[SourceKind: CollectionEvent]>([:])
        let signal: AsyncStream<Void>.Continuation
        let signals: AsyncStream<Void>

        init(listener: CollectionListener) {
            self.listener = listener
            (signals, signal) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        }
    }

    private let mailboxes: Mutex<[Mailbox]> = Mutex([])
    private let failed: @Sendable (String, any Error) -> Void

    init(failed: @escaping @Sendable (String, any Error) -> Void) {
        self.failed = failed
    }

    var listeners: [CollectionListener] { mailboxes.withLock { $0.map(\.listener) } }

    func add(_ listener: CollectionListener) {
        mailboxes.withLock { $0.append(Mailbox(listener: listener)) }
    }

    /// Leaves the event for every listener of its kind; returns at once.
    func post(_ event: CollectionEvent) {
        for mailbox in mailboxes.withLock({ $0 }) where mailbox.listener.kinds.contains(event.kind) {
            mailbox.waiting.withLock { $0[event.kind] = event }
            mailbox.signal.yield()
        }
    }

    /// Hands the event to every listener of its kind and waits until each has acted (the first collection before
    /// the port opens, an operator's collect-now).
    func deliver(_ event: CollectionEvent) async {
        await withTaskGroup(of: Void.self) { group in
            for listener in listeners where listener.kinds.contains(event.kind) {
                group.addTask { await self.act(listener, event) }
            }
        }
    }

    /// Runs every listener added so far until the task is cancelled.
    func run() async {
        await withTaskGroup(of: Void.self) { group in
            for mailbox in mailboxes.withLock({ $0 }) {
                group.addTask {
                    // Ends when the task is cancelled.
                    for await _ in mailbox.signals {
                        let events = mailbox.waiting.withLock { waiting in
                            defer { waiting = [:] }
                            return waiting.values.sorted { $0.at < $1.at }
                        }
                        for event in events { await self.act(mailbox.listener, event) }
                    }
                }
            }
        }
    }

    private func act(_ listener: CollectionListener, _ event: CollectionEvent) async {
        do { try await listener.receive(event) } catch { failed(listener.name, error) }
    }
}
