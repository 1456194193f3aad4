import Foundation
import Models
import ServerFaults
import ServerForecasting
import ServerSources

/// Forecasts computed ahead of time from the history, into each park's collected values.
extension Collector {
    /// The forecasts as a listener: after each parking collection every park's forecasts are computed again and
    /// published.
    public var forecastListener: CollectionListener {
        CollectionListener(name: "forecasts", kinds: [.parking]) { [weak self] _ in
            guard let self else { return }
            await computeForecasts()
            await publishAll()
        }
    }

    /// Computes every park's forecasts from history.
    public func computeForecasts() async {
        await computeForecasts(for: catalog.parks)
    }

    func computeForecasts(for parks: [Park]) async {
        let at = now()
        let learned = learned
        for park in parks {
            let collected = collected(park.id)
            let context = ForecastContext(
                events: collected.bulletins.value?.events ?? [],
                wet: [.rain, .snow, .shower, .rainAndSnow].contains(
                    collected.weather.value?.precipitation?.known ?? .none))
            var lots: [ParkingForecast] = []
            for lot in catalog.lots(in: park.id) {
                var forecast =
                    (try? await forecaster.forecast(
                        lot: lot, history: history, now: at, context: context, learned: learned))
                    ?? ParkingForecast(lotId: lot.id, points: [], gap: .known(.noHistory))
                forecast.opening = try? await forecaster.openingPoint(lot: lot, history: history, now: at)
                lots.append(forecast)
            }
            var total = forecaster.parkTotal(lots)
            total.opening = forecaster.parkOpening(lots)
            let capacity = catalog.lots(in: park.id).reduce(0) { $0 + $1.capacity }
            // Ours from the parking forecast; the source's own beside it, labelled as the source's.
            let crowd = Self.crowdBaseline(from: total, capacity: capacity)
            let sourceCrowd = collected.crowd.value.flatMap { reading in
                reading.forecast.isEmpty
                    ? nil : CrowdForecast(points: reading.forecast, confidence: .known(.medium), basis: .known(.source))
            }
            let overview = ForecastOverview(
                parkId: park.id, generatedAt: TimeSlot.start(of: TimeSlot.index(of: at)),
                horizonMinutes: forecaster.horizons.max() ?? 180, park: total, lots: lots, crowd: crowd,
                sourceCrowd: sourceCrowd)
            update(park.id) { $0.forecast = overview }
        }
    }

    /// Without the source's own crowd forecast, the baseline: the usual fill of the park's lots at that hour,
    /// read as a crowd level (lots fill when the park does); while closed for the horizon, at the opening.
    public static func crowdBaseline(from parking: ParkingForecast, capacity: Int) -> CrowdForecast {
        // Closed for the whole horizon: the usual crowd at the opening, not nothing.
        let hourly = parking.points.filter { $0.minutesAhead % 60 == 0 }
        let points = (hourly.isEmpty ? parking.opening.map { [$0] } ?? [] : hourly).map { point -> CrowdForecastPoint in
            let occupied = capacity > 0 ? 1 - Double(point.p50) / Double(capacity) : 0
            let level: CrowdLevel =
                occupied < 0.35 ? .relaxed : occupied < 0.6 ? .normal : occupied < 0.85 ? .slightlyCrowded : .crowded
            return CrowdForecastPoint(at: point.at, level: .known(level))
        }
        return CrowdForecast(points: points, confidence: .known(.low), basis: .known(.baseline))
    }
}
