import FoundationEssentials

/// Road traffic level (citydata `ROAD_TRAFFIC_IDX`).
public enum RoadTrafficLevel: String, ContractEnum {
    /// 원활
    case smooth
    /// 서행
    case slow
    /// 정체
    case congested
}

/// The average road traffic around a park, for drivers.
public struct RoadTraffic: Hashable, Sendable, Codable {
    public var level: OpenEnum<RoadTrafficLevel>
    /// Average speed in km/h.
    public var speedKmh: Double?
    /// The source's own message, Korean original.
    public var message: PublicText?
    public var observedAt: Date?

    public init(
        level: OpenEnum<RoadTrafficLevel>, speedKmh: Double? = nil, message: PublicText? = nil, observedAt: Date? = nil
    ) {
        self.level = level
        self.speedKmh = speedKmh
        self.message = message
        self.observedAt = observedAt
    }
}

/// One hour of the source's weather forecast.
public struct WeatherForecastPoint: Hashable, Sendable, Codable {
    public var at: Date
    public var temperatureC: Double?
    public var precipitation: OpenEnum<Precipitation>?
    /// Chance of rain or snow, percent.
    public var precipitationChance: Int?
    /// Sky as the source words it (e.g. 맑음, 구름많음), Korean original.
    public var sky: String?

    public init(
        at: Date, temperatureC: Double? = nil, precipitation: OpenEnum<Precipitation>? = nil,
        precipitationChance: Int? = nil, sky: String? = nil
    ) {
        self.at = at
        self.temperatureC = temperatureC
        self.precipitation = precipitation
        self.precipitationChance = precipitationChance
        self.sky = sky
    }
}

extension Weather {
    /// The forecast hour nearest `instant` (within 90 minutes), for "weather when you arrive".
    public func forecast(at instant: Date) -> WeatherForecastPoint? {
        (forecast ?? []).filter { abs($0.at.timeIntervalSince(instant)) <= 90 * 60 }
            .min { abs($0.at.timeIntervalSince(instant)) < abs($1.at.timeIntervalSince(instant)) }
    }
}
