import Foundation
import Models
import ServerCollection
import ServerFaults
import ServerForecasting
import ServerSources
import Synchronization
import TestFixtures
import Testing

/// The collection publishes each finished round; listeners act on their own time.
struct CollectionListenerTests {
    final class Counts: Sendable {
        let rounds = Mutex(0)
        let heard = Mutex<[SourceKind]>([])
        let logged = Mutex<[String]>([])
    }

    func collector(_ counts: Counts) -> Collector {
        Collector(
            catalog: .bundled, source: SimulatedSource(catalog: .bundled), history: MemoryHistoryStore(),
            faults: FaultSwitch(), now: { TestClock.daytime }, parkingInterval: .milliseconds(100),
            observe: { kind, _ in if kind == .parking { counts.rounds.withLock { $0 += 1 } } },
            log: { line in counts.logged.withLock { $0.append(line) } })
    }

    @Test func aSlowOrFailingListenerNeverDelaysTheCollection() async throws {
        let counts = Counts()
        let collector = collector(counts)
        let slowStarted = Mutex(0)
        collector.listen(
            CollectionListener(name: "slow", kinds: [.parking]) { _ in
                slowStarted.withLock { $0 += 1 }
                try await Task.sleep(for: .seconds(60))
            })
        struct Broken: Error {}
        collector.listen(CollectionListener(name: "broken", kinds: [.parking]) { _ in throw Broken() })
        collector.listen(
            CollectionListener(name: "counting", kinds: [.parking]) { event in
                counts.heard.withLock { $0.append(event.kind) }
            })
        let running = Task { await collector.run(backfillDays: 0) }
        defer { running.cancel() }
        // Waits on the events (every 11 parks make a round), never on a fixed time alone.
        let deadline = ContinuousClock.now + .seconds(30)
        while counts.rounds.withLock({ $0 }) < 5 * Catalog.bundled.parks.count, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(counts.rounds.withLock { $0 } >= 5 * Catalog.bundled.parks.count, "five rounds beside a slow listener")
        while counts.heard.withLock({ $0.count }) < 3, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(counts.heard.withLock { $0.count } >= 3, "the other listeners heard every round")
        #expect(slowStarted.withLock { $0 } == 1, "the slow listener is still on its first round")
        #expect(counts.logged.withLock { $0 }.contains { $0.hasPrefix("broken failed on a collection") })
    }

    @Test func collectAllWaitsForTheListenersWithEveryParksSnapshot() async throws {
        let counts = Counts()
        let collector = collector(counts)
        let events = Mutex<[CollectionEvent]>([])
        collector.listen(
            CollectionListener(name: "recording", kinds: Set(SourceKind.allCases)) { event in
                try await Task.sleep(for: .milliseconds(50))
                events.withLock { $0.append(event) }
            })
        await collector.collectAll()
        let heard = events.withLock { $0 }
        #expect(heard.map(\.kind) == SourceKind.allCases)
        #expect(heard.allSatisfy { $0.collected.count == Catalog.bundled.parks.count && $0.at == TestClock.daytime })
        #expect(heard.first?.collected[ParkID("banpo")]?.parking.value != nil)
    }

    @Test func aRoundIsMarkedRunningWhileItReadsAndEndedBeforeTheListenersAct() async throws {
        let counts = Counts()
        let collector = collector(counts)
        let duringListener = Mutex<Bool?>(nil)
        collector.listen(
            CollectionListener(name: "looking", kinds: [.parking]) { _ in
                duringListener.withLock { $0 = collector.activity.isRunning }
            })
        let activity = collector.activity
        #expect(!activity.isRunning)
        activity.begin()
        let stepped = Mutex(false)
        let waiting = Task {
            await activity.whenIdle()
            stepped.withLock { $0 = true }
        }
        let started = ContinuousClock.now
        while activity.waiting == 0, ContinuousClock.now - started < .seconds(10) {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(activity.waiting == 1 && !stepped.withLock { $0 }, "work that steps aside waits while a round runs")
        activity.end()
        await waiting.value
        #expect(stepped.withLock { $0 })
        await collector.collectAll()
        #expect(duringListener.withLock { $0 } == false, "listeners act after the round")
        #expect(!activity.isRunning)
    }
}
