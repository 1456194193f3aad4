import Foundation
import Models
import ServerFaults
import ServerForecasting
import ServerSources

/// An embedded backend reads only the parks its user looks at, when they are due.
extension Collector {
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
            let collected = collected(park.id)
            var collectDue = true
            if let last = collected.parking.lastAttemptAt, at.timeIntervalSince(last) < interval, at >= last {
                collectDue = false
            }
            let forecastDue = forecasts && (collectDue || collected.forecast == nil)
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

    func backfillOnce(_ park: Park, days: Int) async {
        guard days > 0, let simulation else { return }
        let first = backfilled.withLock { $0.insert(park.id).inserted }
        if first { await backfill(model: simulation, days: days, lots: catalog.lots(in: park.id)) }
    }
}
