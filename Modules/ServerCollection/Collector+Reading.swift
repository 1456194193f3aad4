import Foundation
import Models
import ServerFaults
import ServerForecasting
import ServerSources

/// Reading the sources into the collected values and the history; the injected source faults act here.
extension Collector {
    /// Reads one kind of source for every park in parallel; the round's history goes in as one write. `at` is the
    /// round's time when the kind is one of a full round (every kind reads the same moment, so one answer serves all).
    public func collect(_ kind: SourceKind, at round: Date? = nil) async {
        let at = round ?? now()
        let settings = faults.current
        let kept = await withTaskGroup(of: [LotReading].self) { group in
            for park in catalog.parks {
                group.addTask { await self.read(kind, park: park, at: at, faults: settings) }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        if !kept.isEmpty { try? await history.record(kept) }
    }

    /// Reads one kind of source for one park into its collected values, and its history at once.
    func collect(_ kind: SourceKind, park: Park, at: Date, faults: FaultSettings) async {
        let kept = await read(kind, park: park, at: at, faults: faults)
        if !kept.isEmpty { try? await history.record(kept) }
    }

    /// Reads one kind of source for one park into its collected values; returns the readings the history keeps.
    func read(_ kind: SourceKind, park: Park, at: Date, faults: FaultSettings) async -> [LotReading] {
        let age: TimeInterval = faults.staleSources.contains(kind.id) ? 3 * 3600 : 0
        let failing: String? = faults.failingSources.contains(kind.id) ? "injected source failure" : nil
        var kept: [LotReading] = []
        switch kind {
        case .parking:
            var outcome = await source.parking(park, lots: catalog.lots(in: park.id), at: at)
            if let failing { outcome = .failing(failing) }
            if case .ok(var answer) = outcome {
                for i in answer.readings.indices { answer.readings[i].observedAt -= age }
                outcome = .ok(answer)
                // Only current counts of single lots are history: a stale row or a count shared by two lots is not.
                if age == 0 { kept = answer.readings.filter { $0.available != nil && $0.sharedWith.isEmpty } }
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
            if case .ok(var bulletins) = outcome, age > 0 {
                bulletins.observedAt = bulletins.observedAt?.addingTimeInterval(-age)
                bulletins.notices = bulletins.notices.map { $0.observed($0.observedAt?.addingTimeInterval(-age)) }
                outcome = .ok(bulletins)
            }
            observe(kind, outcome.failed)
            update(park.id) { $0.bulletins.apply(outcome, now: at) { $0.observedAt } }
        case .bikes, .subway, .buses, .chargers, .roadControls:
            guard let slot = CollectedPark.wayThereSlot(kind) else { break }
            var outcome = await source.wayThere(kind, park, at: at)
            if let failing { outcome = .failing(failing) }
            if case .ok(var reading) = outcome, age > 0 {
                reading.lists = reading.lists.aged(by: age)
                outcome = .ok(reading)
            }
            observe(kind, outcome.failed)
            update(park.id) { $0[keyPath: slot].apply(outcome, now: at) { $0.lists.observedAt(kind) } }
        }
        return kept
    }
}
