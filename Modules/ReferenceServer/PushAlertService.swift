import CurlHTTP
import Foundation
import Logging
import ServerAlerts
import ServerCollection
import ServerHTTP
import ServerTrust
import ServiceLifecycle
import Synchronization
import WebPush

/// Web Push alerts beside the server: loads the deployment's VAPID key from the shared store (making it on the
/// first start), tells it to clients through the policy, then sends the outbox until shutdown. Every instance
/// runs one; the watcher (a listener of the collection) wakes it when it queues.
final class PushAlertService: Service {
    let configuration: PushConfiguration
    let store: any PushStore
    let policy: PolicyState
    let metrics: ServerMetrics
    /// The collection's rounds, which sending steps aside for.
    let rounds: RoundActivity
    let transport: HTTPTransport
    let now: @Sendable () -> Date
    let logger: Logger
    private let dispatcher = Mutex<PushDispatcher?>(nil)

    init(
        configuration: PushConfiguration, store: any PushStore, policy: PolicyState, metrics: ServerMetrics,
        rounds: RoundActivity, transport: HTTPTransport, now: @escaping @Sendable () -> Date, logger: Logger
    ) {
        self.rounds = rounds
        self.configuration = configuration
        self.store = store
        self.policy = policy
        self.metrics = metrics
        self.transport = transport
        self.now = now
        self.logger = logger
    }

    /// Something was queued.
    func wake() { dispatcher.withLock { $0 }?.wake() }

    func run() async throws {
        await cancelWhenGracefulShutdown {
            guard let key = await self.loadKey() else { return }
            let (metrics, logger, rounds) = (self.metrics, self.logger, self.rounds)
            let dispatcher = PushDispatcher(
                store: self.store,
                sender: PushSender(
                    key: key, subject: self.configuration.subject, transport: self.transport,
                    endpoints: self.configuration.endpoints, timeout: self.configuration.timeout, now: self.now),
                now: self.now,
                observe: { outcome in
                    switch outcome {
                    case .sent: metrics.pushed("sent")
                    case .gone: metrics.pushed("gone")
                    case .retry: metrics.pushed("retried")
                    case .failed(let reason): metrics.pushed("failed", reason: reason)
                    }
                },
                stepAside: { await rounds.whenIdle() },
                log: { logger.warning("\($0)") })
            self.dispatcher.withLock { $0 = dispatcher }
            dispatcher.wake()
            // Background priority: its jobs wait on threads of their own, never ahead of the collection's or the
            // pages' (on Linux each priority has its own pool of threads, the lower ones nicer).
            await withTaskGroup(of: Void.self) { group in
                group.addTask(priority: .background) { await dispatcher.run() }
            }
        }
        try? await gracefulShutdown()
    }

    /// The kept key, or a new one stored now; tried again every few seconds while the store cannot be reached.
    private func loadKey() async -> VAPIDKey? {
        while !Task.isCancelled {
            do {
                let key = try VAPIDKey(stored: try await store.vapidKey(orStore: VAPIDKey.generate().stored))
                policy.pushPublicKey = key.publicKey
                logger.info("push alerts on", metadata: ["vapid-public-key": "\(key.publicKey)"])
                return key
            } catch {
                logger.warning("the VAPID key could not be loaded; push alerts wait", metadata: ["error": "\(error)"])
                try? await Task.sleep(for: .seconds(5))
            }
        }
        return nil
    }
}
