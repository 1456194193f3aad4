import FoundationEssentials

/// Seoul's four crowd levels, lowest first (citydata `AREA_CONGEST_LVL`).
public enum CrowdLevel: String, ContractEnum, Comparable {
    /// 여유
    case relaxed
    /// 보통
    case normal
    /// 약간 붐빔
    case slightlyCrowded = "slightly_crowded"
    /// 붐빔
    case crowded

    /// The level for a Korean label as Seoul sends it; whitespace is normalised (`약간 붐빔`, `약간붐빔`).
    public init?(seoulLabel: String) {
        switch seoulLabel.filter({ !$0.isWhitespace }) {
        case "여유": self = .relaxed
        case "보통": self = .normal
        case "약간붐빔": self = .slightlyCrowded
        case "붐빔": self = .crowded
        default: return nil
        }
    }

    /// 0 for relaxed up to 3 for crowded.
    public var rank: Int {
        switch self {
        case .relaxed: 0
        case .normal: 1
        case .slightlyCrowded: 2
        case .crowded: 3
        }
    }

    public static func < (lhs: CrowdLevel, rhs: CrowdLevel) -> Bool { lhs.rank < rhs.rank }
}

/// Where the crowd is heading.
public enum CrowdTrend: String, ContractEnum {
    case rising, steady, falling
}

/// The crowd right now.
public struct CrowdNow: Hashable, Sendable, Codable {
    public var level: OpenEnum<CrowdLevel>
    /// Seoul's message, in its Korean original.
    public var messageKo: String?
    public var populationMin: Int?
    public var populationMax: Int?
    public var trend: OpenEnum<CrowdTrend>?
    public var observedAt: Date?

    public init(
        level: OpenEnum<CrowdLevel>, messageKo: String? = nil, populationMin: Int? = nil, populationMax: Int? = nil,
        trend: OpenEnum<CrowdTrend>? = nil, observedAt: Date? = nil
    ) {
        self.level = level
        self.messageKo = messageKo
        self.populationMin = populationMin
        self.populationMax = populationMax
        self.trend = trend
        self.observedAt = observedAt
    }
}

/// Precipitation type (citydata `PRECPT_TYPE`).
public enum Precipitation: String, ContractEnum {
    case none, rain
    case rainAndSnow = "rain_and_snow"
    case snow, shower
}

/// Seoul's integrated air quality grade.
public enum AirQuality: String, ContractEnum {
    case good, moderate, bad
    case veryBad = "very_bad"
}

/// Weather and air at the park.
public struct Weather: Hashable, Sendable, Codable {
    public var temperatureC: Double?
    public var feelsLikeC: Double?
    public var precipitation: OpenEnum<Precipitation>?
    /// Precipitation amount as the source words it (e.g. "1mm 미만"), Korean original.
    public var precipitationText: String?
    public var pm10: Int?
    public var pm25: Int?
    public var air: OpenEnum<AirQuality>?
    public var observedAt: Date?
    /// The source's hourly forecast for the next 24 hours (optional addition).
    public var forecast: [WeatherForecastPoint]?

    public init(
        temperatureC: Double? = nil, feelsLikeC: Double? = nil, precipitation: OpenEnum<Precipitation>? = nil,
        precipitationText: String? = nil, pm10: Int? = nil, pm25: Int? = nil, air: OpenEnum<AirQuality>? = nil,
        observedAt: Date? = nil, forecast: [WeatherForecastPoint]? = nil
    ) {
        self.forecast = forecast
        self.temperatureC = temperatureC
        self.feelsLikeC = feelsLikeC
        self.precipitation = precipitation
        self.precipitationText = precipitationText
        self.pm10 = pm10
        self.pm25 = pm25
        self.air = air
        self.observedAt = observedAt
    }
}

/// Public text in its Korean original, with a translation only when one exists.
public struct PublicText: Hashable, Sendable, Codable {
    /// The original text as published.
    public var ko: String
    /// A curated or machine translation, when one exists.
    public var en: String?

    public init(ko: String, en: String? = nil) {
        self.ko = ko
        self.en = en
    }
}

/// An event at or near the park.
public struct ParkEvent: Hashable, Sendable, Codable {
    public var id: String
    public var title: PublicText
    public var startsAt: Date
    public var endsAt: Date?
    /// Whether the event is expected to fill the lots.
    public var affectsParking: Bool
    /// Where it takes place, as published (optional addition).
    public var place: PublicText?
    /// The organiser's page (optional addition).
    public var url: String?
    /// Whether entry is free, when the source says (optional addition).
    public var free: Bool?

    public init(
        id: String, title: PublicText, startsAt: Date, endsAt: Date?, affectsParking: Bool, place: PublicText? = nil,
        url: String? = nil, free: Bool? = nil
    ) {
        self.id = id
        self.title = title
        self.startsAt = startsAt
        self.endsAt = endsAt
        self.affectsParking = affectsParking
        self.place = place
        self.url = url
        self.free = free
    }
}

/// Kind of notice.
public enum NoticeKind: String, ContractEnum {
    case info, closure, warning
}

/// A notice or closure.
public struct ParkNotice: Hashable, Sendable, Codable {
    public var id: String
    public var kind: OpenEnum<NoticeKind>
    public var text: PublicText
    /// Lots the notice closes or affects.
    public var lotIds: [LotID]
    public var since: Date?
    public var until: Date?
    /// When the source last said this (the observation time of the section it came from); nil when it did not say
    /// (optional addition: older servers send none).
    public var observedAt: Date?

    public init(
        id: String, kind: OpenEnum<NoticeKind>, text: PublicText, lotIds: [LotID] = [], since: Date? = nil,
        until: Date? = nil, observedAt: Date? = nil
    ) {
        self.id = id
        self.kind = kind
        self.text = text
        self.lotIds = lotIds
        self.since = since
        self.until = until
        self.observedAt = observedAt
    }
}

/// The signals a visitor checks before going.
public struct OutingSignals: Hashable, Sendable, Codable {
    public var crowd: CrowdNow?
    public var weather: Weather?
    public var events: [ParkEvent]
    public var notices: [ParkNotice]
    /// Road traffic near the park, for drivers (optional addition).
    public var roadTraffic: RoadTraffic?

    public init(
        crowd: CrowdNow?, weather: Weather?, events: [ParkEvent], notices: [ParkNotice], roadTraffic: RoadTraffic? = nil
    ) {
        self.crowd = crowd
        self.weather = weather
        self.events = events
        self.notices = notices
        self.roadTraffic = roadTraffic
    }
}

/// Kinds of facilities.
public enum FacilityKind: String, ContractEnum {
    case restroom
    case convenienceStore = "convenience_store"
    case bikeRental = "bike_rental"
    case drinkingFountain = "drinking_fountain"
    case playground
    case swimmingPool = "swimming_pool"
    case campground
    case dockingPier = "docking_pier"
}

/// One facility position.
public struct FacilityLocation: Hashable, Sendable, Codable {
    public var name: PublicText
    public var coordinate: Coordinate

    public init(name: PublicText, coordinate: Coordinate) {
        self.name = name
        self.coordinate = coordinate
    }
}

/// Facilities of one kind in the park.
public struct FacilityGroup: Hashable, Sendable, Codable {
    public var kind: OpenEnum<FacilityKind>
    public var count: Int
    public var locations: [FacilityLocation]

    public init(kind: OpenEnum<FacilityKind>, count: Int, locations: [FacilityLocation]) {
        self.kind = kind
        self.count = count
        self.locations = locations
    }
}

/// How to get there. Car entrances are the lots.
public struct Directions: Hashable, Sendable, Codable {
    /// Stations and exits, as guidance.
    public var transitHints: [String]
    /// Lots to drive to.
    public var carEntrances: [LotID]

    public init(transitHints: [String], carEntrances: [LotID]) {
        self.transitHints = transitHints
        self.carEntrances = carEntrances
    }
}

/// The outing screen's content for one park.
public struct OutingSummary: Hashable, Sendable, Codable {
    public var parkId: ParkID
    public var signals: OutingSignals
    public var facilities: [FacilityGroup]
    public var directions: Directions
    /// State of every source behind the signals.
    public var sources: [SourceStatus]
    /// What Seoul publishes about the way there (optional addition: older servers send none).
    public var wayThere: WayThere?

    public init(
        parkId: ParkID, signals: OutingSignals, facilities: [FacilityGroup], directions: Directions,
        sources: [SourceStatus], wayThere: WayThere? = nil
    ) {
        self.wayThere = wayThere
        self.parkId = parkId
        self.signals = signals
        self.facilities = facilities
        self.directions = directions
        self.sources = sources
    }
}
