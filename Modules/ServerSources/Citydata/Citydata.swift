import Foundation
import Models

/// One place of Seoul's real-time city data (`citydata`), as read from a real response.
public struct Citydata: Sendable {
    /// A `PRK_STTS` row.
    public struct ParkingRow: Sendable, Hashable {
        public var name: String
        public var code: String?
        /// CPCTY: the feed's own number of spaces, which can differ from the lot list's.
        public var capacity: Int?
        /// Cars parked now; nil when `CUR_PRK_YN` is `N` or the count is missing (unknown, never zero).
        public var parked: Int?
        /// CUR_PRK_TIME: when this row's count was taken (can be a year old).
        public var observedAt: Date?
        public var coordinate: Coordinate?

        public init(
            name: String, code: String?, capacity: Int?, parked: Int?, observedAt: Date?, coordinate: Coordinate?
        ) {
            self.name = name
            self.code = code
            self.capacity = capacity
            self.parked = parked
            self.observedAt = observedAt
            self.coordinate = coordinate
        }
    }

    /// The sections a response carries; a section of an unknown type is `unreadable`, never empty.
    public enum Section: String, Sendable, Hashable, CaseIterable {
        case parking = "PRK_STTS"
        case crowd = "LIVE_PPLTN_STTS"
        case weather = "WEATHER_STTS"
        case events = "EVENT_STTS"
        case disasterMessages = "LIVE_DST_MESSAGE"
        case roadTraffic = "ROAD_TRAFFIC_STTS"
        case bikes = "SBIKE_STTS"
        case subway = "SUB_STTS"
        case busStops = "BUS_STN_STTS"
        case chargers = "CHARGER_STTS"
        case roadControls = "ACDNT_CNTRL_STTS"

        /// The section a way-there kind is read from (nil for the other kinds, read from several).
        public init?(wayThere kind: SourceKind) {
            switch kind {
            case .bikes: self = .bikes
            case .subway: self = .subway
            case .buses: self = .busStops
            case .chargers: self = .chargers
            case .roadControls: self = .roadControls
            case .parking, .crowd, .weather, .events: return nil
            }
        }
    }

    public var areaCode: String?
    public var areaName: String?
    public var parking: [ParkingRow] = []
    public var crowd: CrowdReading?
    public var weather: Weather?
    public var events: [ParkEvent] = []
    /// Weather warnings (NEWS_LIST) and disaster messages (LIVE_DST_MESSAGE).
    public var notices: [ParkNotice] = []
    public var roadTraffic: RoadTraffic?
    /// The way-there sections, as read (positions and counts as sent; nothing about lots yet).
    public var bikeStations: [BikeStation] = []
    public var subwayStations: [SubwayStation] = []
    public var busStops: [BusStop] = []
    public var chargingStations: [ChargingStation] = []
    public var roadControls: [RoadControl] = []
    /// Rows of a section that could not be read (no name, a detail of unknown shape), dropped one by one.
    public var droppedRows: [Section: Int] = [:]
    /// When the answer was observed: its newest reading (crowd, weather, road traffic or a parking count). Sections
    /// without times of their own (events, disaster messages) are as old as the answer they came in.
    public var observedAt: Date? {
        ([crowd?.now.observedAt, weather?.observedAt, roadTraffic?.observedAt] + parking.map(\.observedAt))
            .compactMap { $0 }.max()
    }
    /// When this answer was fetched (set by the source that called; nil for an answer read from a file).
    public var fetchedAt: Date?
    /// The way-there sections together.
    public var wayThere: WayThere {
        WayThere(
            bikeStations: bikeStations, subwayStations: subwayStations, busStops: busStops,
            chargingStations: chargingStations, roadControls: roadControls)
    }
    /// Sections present in a shape the parser does not know: their sources are failing.
    public var unreadable: Set<Section> = []

    public init(areaCode: String? = nil, areaName: String? = nil) {
        self.areaCode = areaCode
        self.areaName = areaName
    }
}

/// Why a citydata call gave nothing usable. Transient failures are retried later; a refused key stops calls.
public enum CitydataFailure: Error, Sendable, Hashable, CustomStringConvertible {
    case tooLarge(bytes: Int)
    case notJSON
    case noResultCode
    case noCitydata
    /// INFO-100: the key is not valid.
    case keyRefused(message: String)
    /// ERROR-500, ERROR-600, ERROR-601: Seoul's side failed; try again later.
    case transient(code: String, message: String)
    /// Any other error code (the request itself was wrong).
    case error(code: String, message: String)
    /// The answer is for another place (the `sample` key answers for 광화문 whatever is asked).
    case wrongArea(answered: String, expected: String)
    /// The answer names no place at all (neither AREA_CD nor AREA_NM).
    case noArea
    case http(status: Int)
    case transport(String)
    /// No call was made: calls for this area are paused after a transient error, until then.
    case paused(until: Date)

    public var isKeyRefusal: Bool {
        if case .keyRefused = self { true } else { false }
    }

    /// The failure as a source detail: a refused key and a pause have codes of their own.
    public var sourceDetail: SourceDetail {
        switch self {
        case .keyRefused(let message): SourceDetail(.keyRefused, text: message)
        case .paused(let until): SourceDetail(.backingOff, until: until)
        default: SourceDetail(.failing, text: description)
        }
    }

    public var isTransient: Bool {
        switch self {
        case .transient, .http, .transport: true
        default: false
        }
    }

    public var description: String {
        switch self {
        case .tooLarge(let bytes): "citydata response too large (\(bytes) bytes)"
        case .notJSON: "citydata response is not JSON"
        case .noResultCode: "citydata response has no result code"
        case .noCitydata: "citydata response has no CITYDATA"
        case .keyRefused(let message): "INFO-100 \(message)".trimmingCharacters(in: .whitespaces)
        case .transient(let code, let message), .error(let code, let message):
            "\(code) \(message)".trimmingCharacters(in: .whitespaces)
        case .wrongArea(let answered, let expected): "citydata answered for \(answered), not \(expected)"
        case .noArea: "citydata response names no area"
        case .http(let status): "HTTP \(status)"
        case .transport(let text): text
        case .paused(let until): "calls paused until \(ISO8601.format(until))"
        }
    }
}

/// What a citydata response means for the source state.
public enum CitydataResult: Sendable {
    case ok(Citydata)
    /// INFO-200: the service works but has no item for this place.
    case noItem
    case failing(CitydataFailure)
}

extension CitydataResult {
    /// The same result, its answer marked as fetched at `date`.
    func fetched(at date: Date) -> CitydataResult {
        guard case .ok(var city) = self else { return self }
        city.fetchedAt = date
        return .ok(city)
    }
}
