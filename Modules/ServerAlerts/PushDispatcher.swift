import Foundation
import ServerTrust

/// Sends the outbox's deliveries, on every instance: claims a batch (another instance skips it), sends it with a
/// bounded number at once, records each outcome, and sleeps until the watcher queues more or the poll interval
/// passes (a crossing queued by another instance, a retry that comes due). A push service that hangs holds only
/// its own deliveries, each for the sender's timeout.
public final class PushDispatcher: Sendable {
    let store: any PushStore
    let sender: PushSender
    let now: @Sendable () -> Date
    let batch: Int
    let concurrency: Int
    let poll: Duration
    /// Outcomes recorded together.
    let recordEvery = 64
    /// Told every outcome (the metrics).
    let observe: @Sendable (DeliveryOutcome) -> Void
    /// Returns when the dispatcher may go on: while a collection round runs, no push is encrypted, claimed or
    /// recorded (``RoundActivity/whenIdle()``), so a fan-out never lengthens the round.
    let stepAside: @Sendable () async -> Void
    let log: @Sendable (String) -> Void
    private let signals: AsyncStream<Void>
    private let signal: AsyncStream<Void>.Continuation

    public init(
        store: any PushStore, sender: PushSender, now: @escaping @Sendable () -> Date, batch: Int = 128,
        concurrency: Int = 128, poll: Duration = .seconds(2),
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
        self.poll = poll
        self.observe = observe
        self.log = log
        (signals, signal) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    /// How long a claim is held: longer than its deliveries can take (each may wait for a place behind a batch's
    /// worth of answers, then take its own, every answer at the sender's timeout), so no other instance sends the same
    /// delivery meanwhile; a claim left by an instance that died comes due after it.
    public var holdFor: TimeInterval {
        sender.timeout * Double((batch + concurrency - 1) / concurrency + 1) + 10
    }

    /// Something was queued: send now rather than at the next poll.
    public func wake() { signal.yield() }

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
                for await _ in self.signals where !Task.isCancelled { await self.drain() }
            }
            await group.next()
            group.cancelAll()
        }
    }

    /// Sends until nothing more is due: keeps ``concurrency`` pushes in flight, claims the next batch as soon as the
    /// last one is handed out (not once its answers are in), and records the answers in a task of its own, a few at a
    /// time (one transaction per handful; an instance that dies leaves only its last few answers unrecorded, and
    /// another instance sends those again). Returns how many it claimed.
    @discardableResult
    public func drain() async -> Int {
        let (answers, answer) = AsyncStream<FinishedDelivery>.makeStream()
        async let recorded: Void = recordAll(answers)
        var claimed = 0
        await withTaskGroup(of: Void.self) { group in
            var waiting: [PushDelivery] = []  // newest claim last-in-first-out, reversed once
            var running = 0
            var more = true
            while true {
                if waiting.isEmpty, more, !Task.isCancelled {
                    let batch = await claim()
                    claimed += batch.count
                    more = !batch.isEmpty
                    waiting = batch.reversed()
                }
                if running < concurrency, let delivery = waiting.popLast() {
                    group.addTask {
                        answer.yield(FinishedDelivery(delivery: delivery, outcome: await self.send(delivery)))
                    }
                    running += 1
                    continue
                }
                guard running > 0 else { break }
                await group.next()
                running -= 1
            }
        }
        answer.finish()
        await recorded
        return claimed
    }

    private func claim() async -> [PushDelivery] {
        await stepAside()
        do { return try await store.claim(limit: batch, now: now(), holdFor: holdFor) } catch {
            log("push deliveries not claimed: \(error)")
            return []
        }
    }

    private func recordAll(_ answers: AsyncStream<FinishedDelivery>) async {
        var answered: [FinishedDelivery] = []
        for await finished in answers {
            answered.append(finished)
            if answered.count >= recordEvery { await record(&answered) }
        }
        await record(&answered)
    }

    private func send(_ delivery: PushDelivery) async -> DeliveryOutcome {
        await stepAside()
        let outcome = await sender.send(delivery)
        observe(outcome)
        if case .failed(let reason) = outcome { log("push alert given up: \(reason)") }
        return outcome
    }

    private func record(_ answered: inout [FinishedDelivery]) async {
        guard !answered.isEmpty else { return }
        await stepAside()
        do { try await store.finish(answered, now: now()) } catch {
            log("push outcomes not recorded (those deliveries are claimed again later): \(error)")
        }
        answered.removeAll(keepingCapacity: true)
    }
}
