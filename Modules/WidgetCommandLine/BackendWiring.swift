import AppBackend
import Models
import Repositories
import Storage

/// Wires the fetch through a backend session (the configured API, or the backend `embedded` starts).
enum BackendWiring {
    static func fetcher(
        configuration: AppConfiguration, embedded: EmbeddedBackend, container: SharedContainer, timeout: Double,
        clock: WallClock
    ) async throws -> @Sendable (ParkID) async throws -> HomeSummary {
        let session = try await BackendSession.open(
            configuration: configuration, container: container, timeout: timeout, embedded: embedded,
            policy: .alwaysRevalidate, clock: clock)
        return { park in
            let loaded = try await session.reads.homeSummary(park)
            if case .stale(let reason) = loaded.trust { throw RepositoryUnavailable(reason: reason) }
            return loaded.value
        }
    }
}
