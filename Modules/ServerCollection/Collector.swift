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
    /// When this instance last took a snapshot the collecting instance published.
    public var lastAdopted: ContinuousClock.Instant?
}

/// Collects every source in the background, each on its own cadence, into the latest-state snapshots and the
/// history store, and computes forecasts ahead of time. Never runs inside a request.
public final class Collector: Sendable {
    public let catalog: Catalog
    public let source: any ParkDataSource
    public let history: any HistoryStore
    public let forecaster: Forecaster
    /// Whether this instance collects (always, unless instances share a store).
    public let lease: CollectorLease
    /// Carries snapshots between instances that share a store.
    public let exchange: SnapshotExchange
    /// How often parking is read, and so how soon a waiting instance takes the lease over.
    public let parkingInterval: Duration
    private let now: @Sendable () -> Date
    private let faults: FaultSwitch
    private let observe: @Sendable (SourceKind, _ failed: Bool) -> Void
    private let snapshots = Mutex<[ParkID: ParkSnapshot]>([:])
    private let onDemand = Mutex<[ParkID: Task<Void, Never>]>([:])
    private let backfilled = Mutex<Set<ParkID>>([])
    private let roleBox = Mutex(CollectorRole(collects: false, lastAdopted: nil))

    public init(
        catalog: Catalog, source: any ParkDataSource, history: any HistoryStore, forecaster: Forecaster = Forecaster(),
        faults: FaultSwitch, now: @escaping @Sendable () -> Date, lease: CollectorLease = .always,
        exchange: SnapshotExchange = .none, parkingInterval: Duration = SourceKind.parking.cadence,
        observe: @escaping @Sendable (SourceKind, _ failed: Bool) -> Void = { _, _ in }
    ) {
        self.observe = observe
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

    /// Whether this instance collected at its last look at the lease, and when it last took a published snapshot.
    public var role: CollectorRole { roleBox.withLock { $0 } }

    /// Asks the lease and remembers the answer for readiness.
    private func holdsLease() async -> Bool {
        let holds = await lease.acquire()
        roleBox.withLock { $0.collects = holds }
        return holds
    }

    /// The latest snapshot of a park.
    public func snapshot(_ park: ParkID) -> ParkSnapshot {
        snapshots.withLock { $0[park] } ?? ParkSnapshot()
    }

    /// Reads every source of every park once, then computes forecasts.
    public func collectAll() async {
        for kind in SourceKind.allCases { await collect(kind) }
        await computeForecasts()
    }

    /// The first collection of a process that serves at once: every source when this instance holds the lease,
    /// else the snapshots the collecting instance published.
    public func start() async {
        if await holdsLease() {
            await collectAll()
            await publishAll()
        } else {
            for (park, snapshot) in await exchange.stored() { adopt(snapshot, for: park) }
        }
    }

    /// Runs the collection loops until the task is cancelled; history is backfilled first for simulated data.
    /// Each round runs only while this instance holds the lease; meanwhile it adopts what the holder publishes.
    public func run(backfillDays: Int) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await (park, snapshot) in self.exchange.received() { self.adopt(snapshot, for: park) }
            }
            if backfillDays > 0, let simulated = source as? SimulatedSource, await holdsLease() {
                group.addTask {
                    await self.backfill(model: simulated.model, days: backfillDays)
                    await self.computeForecasts()
                    await self.publishAll()
                }
            }
            for kind in SourceKind.allCases {
                group.addTask {
                    while !Task.isCancelled {
                        try? await Task.sleep(for: kind == .parking ? self.parkingInterval : kind.cadence)
                        guard !Task.isCancelled, await self.holdsLease() else { continue }
                        await self.collect(kind)
                        if kind == .parking { await self.computeForecasts() }
                        await self.publishAll()
                    }
                }
            }
        }
    }

    /// Publishes every park's snapshot for the instances that do not collect.
    private func publishAll() async {
        for park in catalog.parks { await exchange.publish(park.id, snapshot(park.id)) }
    }

    /// Takes a snapshot another instance published, as it was built there (the same values and times give the same
    /// bodies and ETags on every instance); only the local version moves, so the response caches rebuild.
    private func adopt(_ published: ParkSnapshot, for park: ParkID) {
        roleBox.withLock { $0.lastAdopted = .now }
        snapshots.withLock { all in
            var snapshot = published
            snapshot.version = (all[park]?.version ?? 0) + 1
            all[park] = snapshot
        }
    }

    /// Reads every source of one park now, unless it was read less than `interval` seconds ago (an embedded backend
    /// collects only the parks its user looks at), and computes its forecasts when they are asked for and missing or
    /// a new reading was just taken. A simulated park gets `backfillDays` of history first, once per process, so the
    /// first answer for one park never pays for all eleven. Concurrent callers for the same park wait for one run.
    public func collectIfDue(_ park: ParkID, interval: TimeInterval, forecasts: Bool = true, backfillDays: Int = 0)
        async
    {
        guard let park = catalog.park(park) else { return }
        let at = now()
        let (task, ours): (Task<Void, Never>, Bool) = onDemand.withLock { running in
            if let task = running[park.id] { return (task, false) }
            let snapshot = snapshot(park.id)
            var collectDue = true
            if let last = snapshot.parking.lastAttemptAt, at.timeIntervalSince(last) < interval, at >= last {
                collectDue = false
            }
            let forecastDue = forecasts && (collectDue || snapshot.forecast == nil)
            guard collectDue || forecastDue else { return (Task {}, true) }
            let settings = faults.current
            let task = Task {
                if collectDue {
                    for kind in SourceKind.allCases { await self.collect(kind, park: park, at: at, faults: settings) }
                }
                if forecastDue {
                    await self.backfillOnce(park, days: backfillDays)
                    await self.computeForecasts(for: [park])
                }
            }
            running[park.id] = task
            return (task, true)
        }
        await task.value
        onDemand.withLock { running in
            if running[park.id] == task { running[park.id] = nil }
        }
        // Someone else's run may have skipped the forecasts this caller wants: look again, now that it is done.
        if !ours, forecasts {
            await collectIfDue(park.id, interval: interval, forecasts: true, backfillDays: backfillDays)
        }
    }

    /// The parks list on demand: every park's sources (no forecasts) when the source is simulated and costs
    /// nothing to read; a real source's quota is spent only on the parks the user looks at.
    public func collectListIfDue(interval: TimeInterval) async {
        guard source.simulated else { return }
        await withTaskGroup(of: Void.self) { group in
            for park in catalog.parks {
                group.addTask { await self.collectIfDue(park.id, interval: interval, forecasts: false) }
            }
        }
    }

    private func backfillOnce(_ park: Park, days: Int) async {
        guard days > 0, let simulated = source as? SimulatedSource else { return }
        let first = backfilled.withLock { $0.insert(park.id).inserted }
        if first { await backfill(model: simulated.model, days: days, lots: catalog.lots(in: park.id)) }
    }

    /// Reads one kind of source for every park in parallel.
    public func collect(_ kind: SourceKind) async {
        let at = now()
        let settings = faults.current
        await withTaskGroup(of: Void.self) { group in
            for park in catalog.parks {
                group.addTask { await self.collect(kind, park: park, at: at, faults: settings) }
            }
        }
    }

    private func collect(_ kind: SourceKind, park: Park, at: Date, faults: FaultSettings) async {
        let age: TimeInterval = faults.staleSources ? 3 * 3600 : 0
        let failing: String? = faults.failingSources ? "injected source failure" : nil
        switch kind {
        case .parking:
            var outcome = await source.parking(park, lots: catalog.lots(in: park.id), at: at)
            if let failing { outcome = .failing(failing) }
            if case .ok(var answer) = outcome {
                for i in answer.readings.indices { answer.readings[i].observedAt -= age }
                outcome = .ok(answer)
                // Only current counts of single lots are history: a stale row or a count shared by two lots is not.
                if age == 0 {
                    try? await history.record(answer.readings.filter { $0.available != nil && $0.sharedWith.isEmpty })
                }
            }
            observe(kind, outcome.failed)
            update(park.id) { $0.parking.apply(outcome, now: at) { $0.newestObservation } }
        case .crowd:
            var outcome = await source.crowd(park, at: at)
            if let failing { outcome = .failing(failing) }
            if case .ok(var reading) = outcome, age > 0 {
                reading.now.observedAt = reading.now.observedAt?.addingTimeInterval(-age)
                outcome = .ok(reading)
            }
            observe(kind, outcome.failed)
            update(park.id) { $0.crowd.apply(outcome, now: at) { $0.now.observedAt } }
        case .weather:
            var outcome = await source.weather(park, at: at)
            if let failing { outcome = .failing(failing) }
            if case .ok(var reading) = outcome, age > 0 {
                reading.observedAt = reading.observedAt?.addingTimeInterval(-age)
                outcome = .ok(reading)
            }
            observe(kind, outcome.failed)
            let traffic = await source.roadTraffic(park, at: at)
            update(park.id) {
                $0.weather.apply(outcome, now: at) { $0.observedAt }
                if case .ok(let value) = traffic {
                    $0.roadTraffic = value
                } else if case .noItem = traffic {
                    $0.roadTraffic = nil
                }
            }
        case .events:
            var outcome = await source.bulletins(park, at: at)
            if let failing { outcome = .failing(failing) }
            observe(kind, outcome.failed)
            update(park.id) { $0.bulletins.apply(outcome, now: at) { _ in at - age } }
        }
    }

    /// Computes every park's forecasts from history.
    public func computeForecasts() async {
        await computeForecasts(for: catalog.parks)
    }

    func computeForecasts(for parks: [Park]) async {
        let at = now()
        for park in parks {
            let snapshot = snapshot(park.id)
            let context = ForecastContext(
                events: snapshot.bulletins.value?.events ?? [],
                wet: [.rain, .snow, .shower, .rainAndSnow].contains(
                    snapshot.weather.value?.precipitation?.known ?? .none))
            var lots: [ParkingForecast] = []
            for lot in catalog.lots(in: park.id) {
                var forecast =
                    (try? await forecaster.forecast(lot: lot, history: history, now: at, context: context))
                    ?? ParkingForecast(lotId: lot.id, points: [], gap: .known(.noHistory))
                forecast.opening = try? await forecaster.openingPoint(lot: lot, history: history, now: at)
                lots.append(forecast)
            }
            var total = forecaster.parkTotal(lots)
            total.opening = forecaster.parkOpening(lots)
            let capacity = catalog.lots(in: park.id).reduce(0) { $0 + $1.capacity }
            // Ours from the parking forecast; the source's own beside it, labelled as the source's.
            let crowd = Self.crowdBaseline(from: total, capacity: capacity)
            let sourceCrowd = snapshot.crowd.value.flatMap { reading in
                reading.forecast.isEmpty
                    ? nil : CrowdForecast(points: reading.forecast, confidence: .known(.medium), basis: .known(.source))
            }
            let overview = ForecastOverview(
                parkId: park.id, generatedAt: SimulationModel.date(ofBucket: SimulationModel.bucket(at)),
                horizonMinutes: forecaster.horizons.max() ?? 180, park: total, lots: lots, crowd: crowd,
                sourceCrowd: sourceCrowd)
            update(park.id) { $0.forecast = overview }
        }
    }

    /// Without the source's own crowd forecast, the baseline: the usual fill of the park's lots at that hour,
    /// read as a crowd level (lots fill when the park does).
    public static func crowdBaseline(from parking: ParkingForecast, capacity: Int) -> CrowdForecast {
        let points = parking.points.filter { $0.minutesAhead % 60 == 0 }.map { point -> CrowdForecastPoint in
            let occupied = capacity > 0 ? 1 - Double(point.p50) / Double(capacity) : 0
            let level: CrowdLevel =
                occupied < 0.35 ? .relaxed : occupied < 0.6 ? .normal : occupied < 0.85 ? .slightlyCrowded : .crowded
            return CrowdForecastPoint(at: point.at, level: .known(level))
        }
        return CrowdForecast(points: points, confidence: .known(.low), basis: .known(.baseline))
    }

    /// For simulated data: fills `days` of history now and recomputes forecasts (an embedded one-shot backend
    /// calls this instead of running the background loops).
    public func prepareHistory(days: Int) async {
        guard let simulated = source as? SimulatedSource else { return }
        await backfill(model: simulated.model, days: days)
        await computeForecasts()
    }

    /// Fills history with the simulation's past, so forecasts have evidence from the first minutes on.
    func backfill(model: SimulationModel, days: Int, lots: [ParkingLot]? = nil) async {
        let end = SimulationModel.bucket(now())
        // The whole window, even when a live reading was recorded first or a file holds older days: the model is
        // deterministic, so buckets already recorded are written again with the same value.
        let start = end - days * 288
        for lot in lots ?? catalog.lots {
            var readings: [LotReading] = []
            readings.reserveCapacity(end - start)
            for bucket in start..<end {
                let at = SimulationModel.date(ofBucket: bucket)
                readings.append(LotReading(lotId: lot.id, available: model.available(lot: lot, at: at), observedAt: at))
            }
            try? await history.record(readings)
            await Task.yield()
        }
    }

    private func update(_ park: ParkID, _ change: (inout ParkSnapshot) -> Void) {
        let at = now()
        snapshots.withLock { all in
            var snapshot = all[park] ?? ParkSnapshot()
            change(&snapshot)
            snapshot.version += 1
            snapshot.updatedAt = at
            all[park] = snapshot
        }
    }
}
