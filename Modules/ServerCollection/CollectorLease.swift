import Foundation
import Models
import ServerSources

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
