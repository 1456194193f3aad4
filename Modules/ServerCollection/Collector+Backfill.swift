import Foundation
import Models
import ServerFaults
import ServerForecasting
import ServerSources

/// Simulated history, so that forecasts have evidence from the first minutes on.
extension Collector {
    /// For simulated data: fills `days` of history now and recomputes forecasts (an embedded one-shot backend
    /// calls this instead of running the background loops).
    public func prepareHistory(days: Int) async {
        guard let simulation else { return }
        await backfill(model: simulation, days: days)
        await computeForecasts()
    }

    /// Fills history with the simulation's past, so forecasts have evidence from the first minutes on.
    func backfill(model: SimulationModel, days: Int, lots: [ParkingLot]? = nil) async {
        let end = TimeSlot.index(of: now())
        // The whole window, even when a live reading was recorded first or a file holds older days: the model is
        // deterministic, so buckets already recorded are written again with the same value.
        let start = end - days * TimeSlot.perDay
        for lot in lots ?? catalog.lots {
            var readings: [LotReading] = []
            readings.reserveCapacity(end - start)
            for bucket in start..<end {
                let at = TimeSlot.start(of: bucket)
                readings.append(LotReading(lotId: lot.id, available: model.available(lot: lot, at: at), observedAt: at))
            }
            try? await history.record(readings)
            await Task.yield()
        }
    }
}
