import Foundation
import Models
import ServerSources

extension SummaryBuilder {
    /// One park's lots as `/v2/forecasts` has them: each lot's live count and forecast, the road traffic for the
    /// drive, and the parking source's state.
    public func lotForecasts(park: Park, collected: CollectedPark, now: Date) -> ParkLotForecasts {
        let forecast = forecastOverview(park: park, collected: collected, now: now)
        return ParkLotForecasts(
            parkId: park.id,
            lots: parking(park: park, collected: collected, forecast: forecast, now: now).lots.map(\.status),
            forecasts: forecast.lots, roadTraffic: collected.roadTraffic,
            freshness: Freshness(sources: statuses(collected, now: now, of: [.parking])))
    }
}

extension LotForecastsResponse: AgeableResponse {
    public func aged(_ aging: Aging) -> LotForecastsResponse {
        var aged = self
        for index in aged.parks.indices { aged.parks[index].freshness = parks[index].freshness.aged(aging) }
        return aged
    }
}
