import FoundationEssentials

/// What Seoul publishes about the way to a park (citydata's bike, subway, bus, EV charger and road-work sections),
/// as sent: nothing derived but counts, the nearest lot and the lots a road work is near. Each list has its own
/// source row in the outing's sources (`bikes`, `subway`, `buses`, `chargers`, `road_controls`), which says whether
/// it is fresh (optional addition: older servers send none).
public struct WayThere: Hashable, Sendable, Codable {
    public var bikeStations: [BikeStation]
    public var subwayStations: [SubwayStation]
    public var busStops: [BusStop]
    public var chargingStations: [ChargingStation]
    public var roadControls: [RoadControl]

    public init(
        bikeStations: [BikeStation] = [], subwayStations: [SubwayStation] = [], busStops: [BusStop] = [],
        chargingStations: [ChargingStation] = [], roadControls: [RoadControl] = []
    ) {
        self.bikeStations = bikeStations
        self.subwayStations = subwayStations
        self.busStops = busStops
        self.chargingStations = chargingStations
        self.roadControls = roadControls
    }
}

/// A 따릉이 (Seoul public bike) station (`SBIKE_STTS`).
public struct BikeStation: Hashable, Sendable, Codable {
    /// `SBIKE_SPOT_ID` ("ST-2905").
    public var id: String?
    /// The number before the dot in `SBIKE_SPOT_NM` ("4217"), kept apart from the name.
    public var number: String?
    /// The name after the number ("한강공원 망원나들목").
    public var name: String
    /// Bikes at the station now; 0 is an empty station, nil unknown.
    public var bikes: Int?
    /// `SBIKE_RACK_CNT`.
    public var racks: Int?
    public var coordinate: Coordinate?
    /// When the answer that carried it was read (the section has no time of its own).
    public var observedAt: Date?

    public init(
        id: String?, number: String?, name: String, bikes: Int?, racks: Int?, coordinate: Coordinate?,
        observedAt: Date? = nil
    ) {
        self.id = id
        self.number = number
        self.name = name
        self.bikes = bikes
        self.racks = racks
        self.coordinate = coordinate
        self.observedAt = observedAt
    }
}

/// A subway station (`SUB_STTS`), once per name: a transfer station's rows (one per line) are one station.
public struct SubwayStation: Hashable, Sendable, Codable {
    public var name: String
    /// The lines as Seoul numbers them ("2", "6"), in the order first seen.
    public var lines: [String]
    public var coordinate: Coordinate?
    /// The next trains (`SUB_DETAIL`); empty when Seoul gives none (at night, or when its train feed is down).
    public var arrivals: [TrainArrival]
    /// When the answer that carried the arrivals was read: their seconds count from then.
    public var observedAt: Date?

    public init(
        name: String, lines: [String], coordinate: Coordinate?, arrivals: [TrainArrival], observedAt: Date? = nil
    ) {
        self.name = name
        self.lines = lines
        self.coordinate = coordinate
        self.arrivals = arrivals
        self.observedAt = observedAt
    }
}

/// One train on its way to a station (`SUB_DETAIL`).
public struct TrainArrival: Hashable, Sendable, Codable {
    /// `SUB_LINE` ("3호선").
    public var line: String?
    /// `SUB_DIR`: 상행/하행, or 내선/외선 on line 2.
    public var direction: String?
    /// `SUB_TERMINAL`: where the train ends ("대화").
    public var terminal: String?
    /// `SUB_ARVTIME`: seconds until it arrives, counted from the station's `observedAt`; 0 when arriving.
    public var seconds: Int?
    /// `SUB_ARMG1`: Seoul's own words ("4분 후 (종로3가)").
    public var words: String?

    public init(line: String?, direction: String?, terminal: String?, seconds: Int?, words: String?) {
        self.line = line
        self.direction = direction
        self.terminal = terminal
        self.seconds = seconds
        self.words = words
    }

    /// Seconds left at `now` for a train reported `seconds` away at `observedAt`; nil when it has gone or when the
    /// report has no time (a count without its start is no count).
    public func secondsLeft(observedAt: Date?, now: Date) -> Int? {
        guard let seconds, let observedAt else { return nil }
        let left = seconds - Int(now.timeIntervalSince(observedAt))
        return left >= 0 ? left : nil
    }
}

/// A bus stop (`BUS_STN_STTS`).
public struct BusStop: Hashable, Sendable, Codable {
    public var name: String
    /// `BUS_STN_ID`.
    public var id: String?
    /// `BUS_ARS_ID`: the number on the stop's sign ("22397").
    public var arsNumber: String?
    public var coordinate: Coordinate?
    /// Routes with their next arrivals (`BUS_DETAIL`), where the answer gives them.
    public var routes: [BusRoute]
    /// When the answer that carried the arrivals was read.
    public var observedAt: Date?

    public init(
        name: String, id: String?, arsNumber: String?, coordinate: Coordinate?, routes: [BusRoute],
        observedAt: Date? = nil
    ) {
        self.name = name
        self.id = id
        self.arsNumber = arsNumber
        self.coordinate = coordinate
        self.routes = routes
        self.observedAt = observedAt
    }
}

/// A route at a stop (`BUS_DETAIL`).
public struct BusRoute: Hashable, Sendable, Codable {
    /// `RTE_NM` ("502").
    public var name: String
    /// `RTE_ARRV_TM_1` and `_2`: the next two buses in Seoul's Korean words ("3분후[1번째 전]", "운행종료").
    public var arrivals: [String]
    /// `RTE_CONGEST_1` and `_2` in Seoul's words, where known ("정보없음" is left out).
    public var crowding: [String]

    public init(name: String, arrivals: [String], crowding: [String]) {
        self.name = name
        self.arrivals = arrivals
        self.crowding = crowding
    }
}

/// How fast a charger charges, read from its type: any DC connector is fast, AC alone slow.
public enum ChargerSpeed: String, ContractEnum {
    case slow, fast, unknown
}

/// A charger's state (`CHARGER_STAT`): 사용가능, 충전중, 점검중, 상태미확인; a word Seoul adds later arrives as sent.
public enum ChargerState: String, ContractEnum {
    case free, charging, maintenance, unknown
}

/// How many chargers of a station are of one speed and in one state.
public struct ChargerCount: Hashable, Sendable, Codable {
    public var speed: OpenEnum<ChargerSpeed>
    public var state: OpenEnum<ChargerState>
    public var count: Int

    public init(speed: OpenEnum<ChargerSpeed>, state: OpenEnum<ChargerState>, count: Int) {
        self.speed = speed
        self.state = state
        self.count = count
    }
}

/// An EV charging station (`CHARGER_STTS`).
public struct ChargingStation: Hashable, Sendable, Codable {
    /// `STAT_ID` ("HM110247").
    public var id: String?
    public var name: String
    public var address: String?
    public var coordinate: Coordinate?
    /// `STAT_USETIME` in Seoul's words ("24시간 이용가능").
    public var hours: String?
    /// `STAT_PARKPAY`: whether parking there is paid; nil when not said.
    public var paidParking: Bool?
    /// Its chargers counted by speed and state (`CHARGER_DETAILS`).
    public var chargers: [ChargerCount]
    /// The newest `STATUPDDT` of its chargers: when their states were read.
    public var observedAt: Date?
    /// The park's lot nearest to it, and how far in metres (straight line), when it has a position.
    public var nearestLotId: LotID?
    public var nearestLotMeters: Int?

    public init(
        id: String?, name: String, address: String?, coordinate: Coordinate?, hours: String?, paidParking: Bool?,
        chargers: [ChargerCount], observedAt: Date?, nearestLotId: LotID? = nil, nearestLotMeters: Int? = nil
    ) {
        self.id = id
        self.name = name
        self.address = address
        self.coordinate = coordinate
        self.hours = hours
        self.paidParking = paidParking
        self.chargers = chargers
        self.observedAt = observedAt
        self.nearestLotId = nearestLotId
        self.nearestLotMeters = nearestLotMeters
    }

    /// Chargers in `state`, of any speed.
    public func count(_ state: ChargerState) -> Int {
        chargers.filter { $0.state == .known(state) }.reduce(0) { $0 + $1.count }
    }

    /// Every charger of the station.
    public var total: Int { chargers.reduce(0) { $0 + $1.count } }
}

/// A road work or accident near the park (`ACDNT_CNTRL_STTS`).
public struct RoadControl: Hashable, Sendable, Codable {
    /// `ACDNT_TYPE` / `ACDNT_ENG_TYPE` ("공사" / "Construction").
    public var type: PublicText?
    /// `ACDNT_DTYPE` / `ACDNT_ENG_DTYPE` ("도로보수" / "Road Repair").
    public var detail: PublicText?
    /// `ACDNT_INFO` / `ACDNT_ENG_INFO`: which lanes are closed where.
    public var info: PublicText?
    /// `ACDNT_OCCR_DT`.
    public var since: Date?
    /// `EXP_CLR_DT`; it can lie in the past while Seoul still lists the row.
    public var expectedClear: Date?
    /// `ACDNT_TIME`: when Seoul read the row.
    public var observedAt: Date?
    public var coordinate: Coordinate?
    /// The park's lots whose position is within ``RoadControl/nearLotMeters`` of it.
    public var nearLotIds: [LotID]

    /// How close a road work must be to a lot to be "at its entrance".
    public static let nearLotMeters = 300.0

    public init(
        type: PublicText?, detail: PublicText?, info: PublicText?, since: Date?, expectedClear: Date?,
        observedAt: Date?, coordinate: Coordinate?, nearLotIds: [LotID] = []
    ) {
        self.type = type
        self.detail = detail
        self.info = info
        self.since = since
        self.expectedClear = expectedClear
        self.observedAt = observedAt
        self.coordinate = coordinate
        self.nearLotIds = nearLotIds
    }
}
