import FoundationEssentials

/// `GET /v2/forecasts` response: every lot's live count and forecast points across the parks, for "where to go now".
///
/// A client reads the estimate at its own arrival from it (``ParkingForecast/estimate(at:now:)``), so the server
/// learns neither a position nor an arrival time.
public struct LotForecastsResponse: Hashable, Sendable, Codable {
    /// When the newest of the parks' values was collected.
    public var generatedAt: Date
    /// How far ahead of `generatedAt` the points reach, in minutes.
    public var horizonMinutes: Int
    /// One entry per park; a park left out is unknown to the reader.
    public var parks: [ParkLotForecasts]

    public init(generatedAt: Date, horizonMinutes: Int, parks: [ParkLotForecasts]) {
        self.generatedAt = generatedAt
        self.horizonMinutes = horizonMinutes
        self.parks = parks
    }

    /// The entry of one park, if the answer has it.
    public func park(_ id: ParkID) -> ParkLotForecasts? { parks.first { $0.parkId == id } }
}

/// One park's lots in ``LotForecastsResponse``.
public struct ParkLotForecasts: Hashable, Sendable, Codable {
    public var parkId: ParkID
    /// Each lot's live count, as `/v2/parks/{parkId}/parking` has it.
    public var lots: [LotStatus]
    /// Each lot's forecast, as `/v2/parks/{parkId}/forecast` has it.
    public var forecasts: [ParkingForecast]
    /// Seoul's road traffic around the park (citydata ROAD_TRAFFIC_STTS), when reported: the drive's speed.
    public var roadTraffic: RoadTraffic?
    /// The parking source's state: a forecast from stale counts is not "likely free".
    public var freshness: Freshness

    public init(
        parkId: ParkID, lots: [LotStatus], forecasts: [ParkingForecast], roadTraffic: RoadTraffic?,
        freshness: Freshness
    ) {
        self.parkId = parkId
        self.lots = lots
        self.forecasts = forecasts
        self.roadTraffic = roadTraffic
        self.freshness = freshness
    }

    /// A lot's live count.
    public func status(_ lot: LotID) -> LotStatus? { lots.first { $0.lotId == lot } }

    /// A lot's forecast.
    public func forecast(_ lot: LotID) -> ParkingForecast? { forecasts.first { $0.lotId == lot } }
}
