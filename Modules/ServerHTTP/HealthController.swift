import Foundation
import Hummingbird
import Models
import ServerTrust

/// `/v2/health` and `/v2/health/live` answer while the process serves requests; `/v2/health/ready` (503 when not
/// ready) also checks that the history store answers and that there is collected data to serve.
public struct HealthController: Sendable {
    let version: String
    /// The name of the source the instance reads (`seoul`, `simulated`).
    let sourceName: String
    let readiness: @Sendable () async -> HealthResponse
    let policy: PolicyState
    let now: @Sendable () -> Date

    public init(
        version: String, sourceName: String, policy: PolicyState, now: @escaping @Sendable () -> Date,
        readiness: @escaping @Sendable () async -> HealthResponse
    ) {
        self.version = version
        self.sourceName = sourceName
        self.policy = policy
        self.now = now
        self.readiness = readiness
    }

    func register(on router: Router<ServerContext>) {
        router.on(API.health) { _, _ in live() }
        router.on(API.healthLive) { _, _ in live() }
        router.on(API.healthReady) { _, _ in
            let health = await readiness()
            var response = Responses.encoded(health, policy: policy)
            if health.status != .known(.ok) { response.status = .serviceUnavailable }
            return response
        }
        router.on(API.policy) { _, _ in Responses.encoded(policy.clientPolicy, policy: policy) }
    }

    private func live() -> Response {
        Responses.encoded(
            HealthResponse(status: .known(.ok), version: version, source: sourceName, serverTime: now()),
            policy: policy)
    }
}
