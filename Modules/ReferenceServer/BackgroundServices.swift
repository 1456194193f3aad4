import Foundation
import Logging
import ServerCollection
import ServerTrust
import ServiceLifecycle

/// The collection as a service: the first round of a real source, then each source on its cadence, until the
/// service group shuts down (the server has drained its requests by then: it stops first).
struct CollectionService: Service {
    let collector: Collector
    let configuration: ServerConfiguration
    let logger: Logger
    /// Nothing is collected before the port is bound.
    let bound: PortBound

    func run() async throws {
        try await cancelWhenGracefulShutdown {
            await bound.wait()
            guard bound.isOpen else { return }
            if case .seoul = configuration.source, configuration.onDemandInterval == nil {
                await collector.start()
            }
            if configuration.collectInBackground {
                await collector.run(backfillDays: configuration.source == .simulated ? configuration.backfillDays : 0)
            } else {
                // Nothing to do until shutdown; a service that returned early would end the group.
                try await gracefulShutdown()
            }
        }
        logger.info("collection stopped")
    }
}

/// What the instances share (a database pool, a listener), running for as long as the backend does; stopped last.
struct SharedStoreService: Service {
    let shared: SharedState

    func run() async throws {
        await cancelWhenGracefulShutdown { await shared.run() }
        // One process on its own has nothing to run and returns at once; a service that returns would end the group.
        try? await gracefulShutdown()
    }
}

/// Reloads the shared root keys every ``KeyRing/refreshInterval`` (the first load comes before the first bootstrap
/// or proof, so a store that is down at start is tried again by the next request).
struct KeyRefreshService: Service {
    let ring: KeyRing
    let logger: Logger

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do { try await ring.reload() } catch {
                    logger.warning("access keys not reloaded", metadata: ["error": "\(error)"])
                }
                try? await Task.sleep(for: .seconds(KeyRing.refreshInterval))
            }
        }
    }
}
