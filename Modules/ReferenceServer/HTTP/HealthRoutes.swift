import Foundation
import Hummingbird
import Models

/// `/v2/health` and `/v2/health/live` answer while the process serves requests; `/v2/health/ready` (503 when not
/// ready) also checks that the history store answers and that there is collected data to serve.
enum HealthRoutes {
    static func add(to router: Router<ServerContext>, backend: ReferenceBackend) {
        let policy = backend.policy
        @Sendable func live() -> Response {
            Responses.encoded(
                HealthResponse(
                    status: .known(.ok), version: backend.configuration.version, source: backend.builder.source.name,
                    serverTime: backend.configuration.now()), policy: policy)
        }
        router.on(API.health) { _, _ in live() }
        router.on(API.healthLive) { _, _ in live() }
        router.on(API.healthReady) { _, _ in
            let health = await backend.readiness()
            var response = Responses.encoded(health, policy: policy)
            if health.status != .known(.ok) { response.status = .serviceUnavailable }
            return response
        }
    }
}
