import Foundation
import Models
import ServerFaults
import ServerForecasting
import ServerSources
import Synchronization

/// What an instance knows of its part in the collection, for readiness.
public struct CollectorRole: Sendable {
    /// This instance held the lease when it last asked (a process on its own always does).
    public var collects: Bool
    /// When this instance last took a collected values the collecting instance published.
    public var lastAdopted: ContinuousClock.Instant?
}

/// Collects every source in the background, each on its own cadence, into the latest collected values and the
/// history store, and computes forecasts ahead of time. Never runs inside a request.
public final class Collector: Sendable {
    public let catalog: Catalog
    public let source: any ParkDataSource
    public let history: any ForecastHistory
    public let forecaster: Forecaster
    /// Whether this instance collects (always, unless instances share a store).
    public let lease: CollectorLease
    /// Carries collected values between instances that share a store.
    public let exchange: CollectionExchange
    /// How often parking is read, and so how soon a waiting instance takes the lease over.
    public let parkingInterval: Duration
    let now: @Sendable () -> Date
    let faults: FaultSwitch
    let observe: @Sendable (SourceKind, _ failed: Bool) -> Void
    /// Told how long each background round of one kind took (the metrics).
    let observeRound: @Sendable (SourceKind, Duration) -> Void
    /// Each park's latest collected values, and their versions apart: a request that finds its response cached reads
    /// the version alone, without copying the values.
    private struct Latest {
        var parks: [ParkID: CollectedPark] = [:]
        var versions: [ParkID: Int] = [:]

        mutating func set(_ park: ParkID, _ collected: CollectedPark) {
            parks[park] = collected
            versions[park] = collected.version
        }
    }
    private let latest = Mutex(Latest())
    let onDemand = Mutex<[ParkID: Task<Void, Never>]>([:])
    let backfilled = Mutex<Set<ParkID>>([])
    let roleBox = Mutex(CollectorRole(collects: false, lastAdopted: nil))
    /// The simulation history is backfilled from, given for simulated data (nil: nothing is backfilled).
    let simulation: SimulationModel?
    /// How forecasts learn (nil: the rule forecasts), and the model in use.
    let learning: ForecastLearning?
    let learnedBox = Mutex<LearnedForecast?>(nil)
    /// Why the kept forecast model was last not used, so that it is logged once.
    let keptModelProblem = Mutex<String?>(nil)
    /// What acts on each finished collection (forecasts, the alert watcher).
    let listeners: CollectionListeners
    /// Whether a round runs now (sending push alerts steps aside meanwhile).
    public let activity: RoundActivity
    /// The last full collection asked for; the next one starts after it ends.
    let lastFullCollection = Mutex<Task<Void, Never>?>(nil)

    public init(
        catalog: Catalog, source: any ParkDataSource, history: any ForecastHistory,
        forecaster: Forecaster = Forecaster(),
        faults: FaultSwitch, now: @escaping @Sendable () -> Date, lease: CollectorLease = .always,
        exchange: CollectionExchange = .none, parkingInterval: Duration = SourceKind.parking.cadence,
        learning: ForecastLearning? = nil, simulation: SimulationModel? = nil,
        observe: @escaping @Sendable (SourceKind, _ failed: Bool) -> Void = { _, _ in },
        observeRound: @escaping @Sendable (SourceKind, Duration) -> Void = { _, _ in },
        activity: RoundActivity = RoundActivity(),
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.activity = activity
        self.observe = observe
        self.observeRound = observeRound
        listeners = CollectionListeners { name, error in log("\(name) failed on a collection: \(error)") }
        self.learning = learning
        self.simulation = simulation
        self.catalog = catalog
        self.source = source
        self.history = history
        self.forecaster = forecaster
        self.lease = lease
        self.exchange = exchange
        self.parkingInterval = parkingInterval
        self.faults = faults
        self.now = now
    }

    /// Whether this instance collected at its last look at the lease, and when it last took published collected values.
    public var role: CollectorRole { roleBox.withLock { $0 } }

    /// Asks the lease and remembers the answer for readiness.
    func holdsLease() async -> Bool {
        let holds = await lease.acquire()
        roleBox.withLock { $0.collects = holds }
        return holds
    }

    /// The latest collected values of a park.
    public func collected(_ park: ParkID) -> CollectedPark {
        latest.withLock { $0.parks[park] } ?? CollectedPark()
    }

    /// The version of a park's latest collected values (0 before the first), read without copying them.
    public func version(_ park: ParkID) -> Int {
        latest.withLock { $0.versions[park] ?? 0 }
    }

    /// Adds a listener to every finished collection; the assembly adds them all before ``run(backfillDays:)``.
    public func listen(_ listener: CollectionListener) {
        listeners.add(listener)
    }

    /// Reads every source of every park once, then hands each kind's collection to the listeners and waits until
    /// they have acted (the first collection before the port opens, an operator's collect-now). Full collections run
    /// one after another: one asked for while another runs (collect-now during the first) starts when it ends, so
    /// that the later never reads before the earlier and an earlier's answers never land over a later's.
    public func collectAll() async {
        let collection = lastFullCollection.withLock { last in
            let previous = last
            let next = Task {
                await previous?.value
                await self.collectEverySource()
            }
            last = next
            return next
        }
        // Cancelling the caller (a shutdown) cancels its collection, as if it ran in the caller's task.
        await withTaskCancellationHandler {
            await collection.value
        } onCancel: {
            collection.cancel()
        }
    }

    private func collectEverySource() async {
        let at = now()
        activity.begin()
        for kind in SourceKind.allCases { await collect(kind, at: at) }
        activity.end()
        for kind in SourceKind.allCases { await listeners.deliver(event(kind, at: at)) }
    }

    /// The collection of `kind` that ended just now.
    func event(_ kind: SourceKind, at: Date) -> CollectionEvent {
        CollectionEvent(kind: kind, at: at, collected: latest.withLock { $0.parks })
    }

    /// The first collection of a process that serves at once: every source when this instance holds the lease,
    /// else the collected values the collecting instance published.
    public func start() async {
        if let learning { await loadKeptModel(learning) }
        if await holdsLease() {
            await collectAll()
            await publishAll()
        } else {
            for (park, collected) in await exchange.stored() { adopt(collected, for: park) }
        }
    }

    /// Runs the collection loops until the task is cancelled; history is backfilled first for simulated data.
    /// Each round runs only while this instance holds the lease; meanwhile it adopts what the holder publishes.
    public func run(backfillDays: Int) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await (park, collected) in self.exchange.received() { self.adopt(collected, for: park) }
            }
            group.addTask { await self.listeners.run() }
            if let learning {
                group.addTask { await self.learn(learning) }
            }
            if backfillDays > 0, let simulation, await holdsLease() {
                group.addTask {
                    await self.backfill(model: simulation, days: backfillDays)
                    await self.computeForecasts()
                    await self.publishAll()
                }
            }
            for kind in SourceKind.allCases {
                group.addTask {
                    while !Task.isCancelled {
                        try? await Task.sleep(for: kind == .parking ? self.parkingInterval : kind.cadence)
                        guard !Task.isCancelled, await self.holdsLease() else { continue }
                        let at = self.now()
                        let started = ContinuousClock.now
                        self.activity.begin()
                        await self.collect(kind)
                        await self.publishAll()
                        self.activity.end()
                        self.observeRound(kind, ContinuousClock.now - started)
                        // The listeners act on their own time; the next round does not wait for them.
                        self.listeners.post(self.event(kind, at: at))
                    }
                }
            }
        }
    }

    /// Publishes every park's collected values for the instances that do not collect.
    func publishAll() async {
        for park in catalog.parks { await exchange.publish(park.id, collected(park.id)) }
    }

    /// Takes a collected values another instance published, as it was built there (the same values and times give the same
    /// bodies and ETags on every instance); only the local version moves, so the response caches rebuild.
    private func adopt(_ published: CollectedPark, for park: ParkID) {
        roleBox.withLock { $0.lastAdopted = .now }
        latest.withLock { all in
            var collected = published
            collected.version = (all.versions[park] ?? 0) + 1
            all.set(park, collected)
        }
    }

    func update(_ park: ParkID, _ change: (inout CollectedPark) -> Void) {
        let at = now()
        latest.withLock { all in
            var collected = all.parks[park] ?? CollectedPark()
            change(&collected)
            collected.version += 1
            collected.updatedAt = at
            all.set(park, collected)
        }
    }
}
