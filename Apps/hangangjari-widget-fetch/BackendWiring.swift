import Foundation
import Models
import Networking
import ReferenceServer
import Repositories
import Storage

/// Wires the fetch: the configured API, or the embedded reference backend on a loopback port, both through the
/// normal Networking path (token, proof, ETag).
enum BackendWiring {
    static func fetcher(configuration: AppConfiguration, container: SharedContainer, timeout: Double) async throws
        -> @Sendable (ParkID) async throws -> HomeSummary
    {
        var baseURL = configuration.apiURL
        var backend: ReferenceBackend?
        if baseURL == nil {
            var server = ServerConfiguration()
            server.port = 0
            server.logLevel = "critical"
            server.collectInBackground = false
            server.adminEnabled = false
            if let key = configuration.seoulKey { server.source = .seoul(key: key, baseURL: "http://openapi.seoul.go.kr:8088") }
            let embedded = try ReferenceBackend(configuration: server)
            await embedded.collector.prepareHistory(days: 15)
            baseURL = try await embedded.start().baseURL
            backend = embedded
        }
        var api = APIConfiguration(baseURL: baseURL!, appVersion: "0.1.0")
        api.requestTimeout = .milliseconds(Int(timeout * 1000))
        api.strictSigning = configuration.strictSigning
        let keepAlive = backend
        let store: CredentialStore = backend == nil ? FileCredentialStore.live(directory: container.url) : .inMemory()
        let client = APIClient(
            configuration: api, transport: CurlTransport(configuration: TransportConfiguration(userAgent: api.userAgent)).transport,
            store: store)
        // With the embedded backend the data lives only as long as this process: no shared cache for it.
        let cache = backend == nil ? try? CacheDatabase(url: container.file("cache.sqlite")) : nil
        let repository = ParkingRepository(cache: cache, client: client, policy: .alwaysRevalidate)
        return { park in
            withExtendedLifetime(keepAlive) {}
            let loaded = try await repository.homeSummary(park)
            if case .stale(let reason) = loaded.trust { throw RepositoryUnavailable(reason: reason) }
            return loaded.value
        }
    }
}
