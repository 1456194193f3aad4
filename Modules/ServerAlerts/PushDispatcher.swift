import Foundation
import ServerTrust
import Synchronization

/// Sends the outbox's deliveries, on every instance: claims a batch (another instance skips it), sends it with a
/// bounded number at once, in all and per push service, records each outcome as it comes, and sleeps until the
/// watcher queues more or the poll interval passes (a crossing queued by another instance, a retry that comes due).
/// A push service that hangs holds only its own deliveries, each for the sender's timeout: what is queued meanwhile
/// is claimed and sent at once.
public final class PushDispatcher: Sendable {
    let store: any PushStore
    let sender: PushSender
    let now: @Sendable () -> Date
    let batch: Int
    let concurrency: Int
    /// Sends in flight to one push service (host) at most: below ``concurrency``, so that one service that hangs
    /// leaves the others room, and near it, since most subscriptions share two or three push services.
    let perHost: Int
    let poll: Duration
    /// Told every outcome (the metrics).
    let observe: @Sendable (DeliveryOutcome) -> Void
    /// Returns when the dispatcher may go on: while a collection round runs, no push is encrypted, claimed or
    /// recorded (``RoundActivity/whenIdle()``), so a fan-out never lengthens the round.
    let stepAside: @Sendable () async -> Void
    let log: @Sendable (String) -> Void
    private let wakeup = Wakeup()

    public init(
        store: any PushStore, sender: PushSender, now: @escaping @Sendable () -> Date, batch: Int = 128,
        concurrency: Int = 128, perHost: Int = 96, poll: Duration = .seconds(2),
        observe: @escaping @Sendable (DeliveryOutcome) -> Void = { _ in },
        stepAside: @escaping @Sendable () async -> Void = {},
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.stepAside = stepAside
        self.store = store
        self.sender = sender
        self.now = now
        self.batch = batch
        self.concurrency = concurrency
        self.perHost = perHost
        self.poll = poll
        self.observe = observe
        self.log = log
    }

    /// How long a claim is held: longer than its deliveries can take, so no other instance sends the same delivery
    /// meanwhile; a claim left by an instance that died comes due after it. A delivery waits behind at most two
    /// batches of its own push service, `perHost` at a time, each at most the sender's timeout.
    public var holdFor: TimeInterval {
        sender.timeout * Double((2 * batch + perHost - 1) / perHost + 1) + 10
    }

    /// Something was queued: send now rather than at the next poll (also while a drain is under way).
    public func wake() { wakeup.signal() }

    /// Runs until the task is cancelled.
    public func run() async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                while !Task.isCancelled {
                    try? await Task.sleep(for: self.poll)
                    self.wake()
                }
            }
            group.addTask {
                while !Task.isCancelled {
                    await self.wakeup.wait()
                    if !Task.isCancelled { await self.drain() }
                }
            }
            await group.next()
            group.cancelAll()
        }
    }

    private enum Event: Sendable {
        case answered(FinishedDelivery)
        case woken
    }

    /// Sends until nothing more is due and nothing is in flight: starts every waiting delivery whose push service
    /// has room (``concurrency`` in all, ``perHost`` each), claims again as soon as the last claim is handed out or a
    /// wake-up comes (so a crossing queued while one service hangs goes out at once), and hands each answer to the
    /// recorder as it comes. Returns how many it claimed.
    @discardableResult
    public func drain() async -> Int {
        let recorder = Recorder(dispatcher: self)
        async let recorded: Void = recorder.run()
        var claimed = 0
        await withTaskGroup(of: Event.self) { group in
            var waiting: [PushDelivery] = []
            var inFlight: [String: Int] = [:]
            var running = 0
            var listening = false
            var claimNow = true
            while true {
                if claimNow, waiting.count < batch, !Task.isCancelled {
                    let claim = await self.claim()
                    claimed += claim.count
                    waiting += claim
                    // A full claim may leave more behind it: claim again once it is handed out.
                    claimNow = claim.count == batch
                }
                var index = 0
                while running < concurrency, index < waiting.count {
                    let host = Self.host(waiting[index])
                    guard inFlight[host, default: 0] < perHost else {
                        index += 1
                        continue
                    }
                    let delivery = waiting.remove(at: index)
                    inFlight[host, default: 0] += 1
                    running += 1
                    group.addTask {
                        .answered(FinishedDelivery(delivery: delivery, outcome: await self.send(delivery)))
                    }
                }
                if claimNow, waiting.isEmpty { continue }
                guard running > 0 else { break }
                if !listening, !Task.isCancelled {
                    listening = true
                    group.addTask {
                        await self.wakeup.wait()
                        return .woken
                    }
                }
                switch await group.next() {
                case .answered(let finished):
                    running -= 1
                    inFlight[Self.host(finished.delivery), default: 1] -= 1
                    recorder.add(finished)
                case .woken:
                    listening = false
                    claimNow = !Task.isCancelled
                case nil: break
                }
            }
            group.cancelAll()
        }
        recorder.finish()
        await recorded
        return claimed
    }

    /// The push service a delivery goes to.
    static func host(_ delivery: PushDelivery) -> String {
        URL(string: delivery.target.endpoint)?.host ?? delivery.target.endpoint
    }

    private func claim() async -> [PushDelivery] {
        await stepAside()
        do { return try await store.claim(limit: batch, now: now(), holdFor: holdFor) } catch {
            log("push deliveries not claimed: \(error)")
            return []
        }
    }

    private func send(_ delivery: PushDelivery) async -> DeliveryOutcome {
        await stepAside()
        let outcome = await sender.send(delivery)
        observe(outcome)
        if case .failed(let reason) = outcome { log("push alert given up: \(reason)") }
        return outcome
    }

    fileprivate func record(_ answered: [FinishedDelivery]) async {
        guard !answered.isEmpty else { return }
        await stepAside()
        do { try await store.finish(answered, now: now()) } catch {
            log("push outcomes not recorded (those deliveries are claimed again later): \(error)")
        }
    }
}

/// Records answers as they come: each write takes every answer that arrived while the one before it ran, so one
/// answer is recorded at once and a fan-out's thousands in a few transactions (an instance that dies leaves only
/// its last few answers unrecorded, and another instance sends those again).
private final class Recorder: Sendable {
    let dispatcher: PushDispatcher
    private let state = Mutex((answered: [FinishedDelivery](), finished: false))
    private let arrived = Wakeup()

    init(dispatcher: PushDispatcher) { self.dispatcher = dispatcher }

    func add(_ finished: FinishedDelivery) {
        state.withLock { $0.answered.append(finished) }
        arrived.signal()
    }

    func finish() {
        state.withLock { $0.finished = true }
        arrived.signal()
    }

    func run() async {
        while true {
            await arrived.wait(orCancellation: false)  // it ends through `finish()`, whatever happens to the drain
            let (answered, finished) = state.withLock { state in
                defer { state.answered.removeAll(keepingCapacity: true) }
                return (state.answered, state.finished)
            }
            await dispatcher.record(answered)
            if finished, state.withLock({ $0.answered.isEmpty }) { return }
        }
    }
}
