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

    /// The fetch of every lot's forecast (the go kind), through the same kind of session.
    static func lotForecastsFetcher(
        configuration: AppConfiguration, embedded: EmbeddedBackend, container: SharedContainer, timeout: Double,
        clock: WallClock
    ) async throws -> @Sendable () async throws -> LotForecastsResponse {
        let session = try await BackendSession.open(
            configuration: configuration, container: container, timeout: timeout, embedded: embedded,
            policy: .alwaysRevalidate, clock: clock)
        return {
            let loaded = try await session.reads.lotForecasts()
            if case .stale(let reason) = loaded.trust { throw RepositoryUnavailable(reason: reason) }
            return loaded.value
        }
    }
}
