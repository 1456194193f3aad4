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

/// Carries the collector's latest collected values of each park to the instances that do not collect.
public struct CollectionExchange: Sendable {
    /// Publishes a park's collected values (the collecting instance, after every round).
    public var publish: @Sendable (ParkID, CollectedPark) async -> Void
    /// The collected values published so far, one per park (an instance that starts, or takes over).
    public var stored: @Sendable () async -> [(ParkID, CollectedPark)]
    /// Each collected values another instance publishes from now on, until the task is cancelled.
    public var received: @Sendable () -> AsyncStream<(ParkID, CollectedPark)>

    public init(
        publish: @escaping @Sendable (ParkID, CollectedPark) async -> Void,
        stored: @escaping @Sendable () async -> [(ParkID, CollectedPark)],
        received: @escaping @Sendable () -> AsyncStream<(ParkID, CollectedPark)>
    ) {
        self.publish = publish
        self.stored = stored
        self.received = received
    }

    /// Nothing to exchange (one process).
    public static let none = CollectionExchange(
        publish: { _, _ in }, stored: { [] }, received: { AsyncStream { $0.finish() } })
}
