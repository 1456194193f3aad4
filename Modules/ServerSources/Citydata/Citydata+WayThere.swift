import Foundation
import Models

/// The sections of a citydata answer about the way there: 따릉이 stations, subway stations with their next trains,
/// bus stops, EV charging stations and road works, as Seoul sends them (nothing derived, nothing filled in).
extension Citydata {
    /// A 따릉이 station (`SBIKE_STTS`).
    public struct BikeStation: Sendable, Hashable {
        /// `SBIKE_SPOT_ID` ("ST-2905").
        public var id: String?
        /// The number before the dot in `SBIKE_SPOT_NM` ("4217"), kept apart from the name.
        public var number: String?
        /// The name after the number ("한강공원 망원나들목").
        public var name: String
        /// Bikes at the station now; 0 is an empty station, nil unknown.
        public var bikes: Int?
        public var racks: Int?
        public var coordinate: Coordinate?
    }

    /// A subway station (`SUB_STTS`), one per name: a transfer station's rows (one per line) are merged.
    public struct SubwayStation: Sendable, Hashable {
        public var name: String
        /// The lines as Seoul numbers them ("2", "6"), in the order first seen.
        public var lines: [String]
        public var coordinate: Coordinate?
        /// The next trains (`SUB_DETAIL`); empty when Seoul gives none (at night, or the train feed is down).
        public var arrivals: [SubwayArrival]
    }

    /// One train on its way (`SUB_DETAIL`).
    public struct SubwayArrival: Sendable, Hashable {
        /// `SUB_LINE` ("3호선").
        public var line: String?
        /// `SUB_DIR`: 상행/하행, or 내선/외선 on line 2.
        public var direction: String?
        /// `SUB_TERMINAL`: where the train ends ("대화").
        public var terminal: String?
        /// `SUB_ARVTIME`: seconds until it arrives; 0 when arriving.
        public var seconds: Int?
        /// `SUB_ARMG1`: Seoul's own words ("4분 후 (종로3가)").
        public var words: String?
    }

    /// A bus stop (`BUS_STN_STTS`).
    public struct BusStop: Sendable, Hashable {
        public var name: String
        /// `BUS_STN_ID`.
        public var id: String?
        /// `BUS_ARS_ID`: the number on the stop's sign ("22397").
        public var arsNumber: String?
        public var coordinate: Coordinate?
        /// Routes with their next arrivals (`BUS_DETAIL`), where the answer gives them.
        public var routes: [BusRoute]
    }

    /// A route at a stop (`BUS_DETAIL`).
    public struct BusRoute: Sendable, Hashable {
        /// `RTE_NM` ("502").
        public var name: String
        /// `RTE_ARRV_TM_1` and `_2`: the next two buses in Seoul's words ("3분후[1번째 전]", "운행종료").
        public var arrivals: [String]
        /// `RTE_CONGEST_1` and `_2`, where known ("정보없음" is left out).
        public var crowding: [String]
    }

    /// An EV charging station (`CHARGER_STTS`).
    public struct ChargingStation: Sendable, Hashable {
        /// `STAT_ID` ("HM110247").
        public var id: String?
        public var name: String
        public var address: String?
        public var coordinate: Coordinate?
        /// `STAT_USETIME` ("24시간 이용가능").
        public var hours: String?
        /// `STAT_PARKPAY`: whether parking there is paid; nil when not said.
        public var paidParking: Bool?
        public var chargers: [Charger]
    }

    /// One charger (`CHARGER_DETAILS`).
    public struct Charger: Sendable, Hashable {
        public var id: String?
        /// `CHARGER_TYPE` as sent ("AC완속", "DC차데모+AC3상+DC콤보").
        public var type: String?
        public var speed: ChargerSpeed
        public var state: ChargerState
        /// `OUTPUT` in kW.
        public var outputKW: Int?
        /// `STATUPDDT`: when its state was read.
        public var stateAt: Date?
    }

    /// How fast a charger charges, from its type: any DC connector is fast, AC alone slow.
    public enum ChargerSpeed: String, Sendable, Hashable {
        case slow, fast, unknown
    }

    /// A charger's state (`CHARGER_STAT`); a word Seoul adds later stays as sent.
    public enum ChargerState: Sendable, Hashable {
        case free, charging, maintenance, unknown
        case other(String)
    }

    /// A road work or accident near the area (`ACDNT_CNTRL_STTS`).
    public struct RoadControl: Sendable, Hashable {
        /// `ACDNT_TYPE` / `ACDNT_ENG_TYPE` ("공사" / "Construction").
        public var type: LocalizedText
        /// `ACDNT_DTYPE` / `ACDNT_ENG_DTYPE` ("도로보수" / "Road Repair").
        public var detail: LocalizedText
        /// `ACDNT_INFO` / `ACDNT_ENG_INFO`: which lanes are closed where.
        public var info: LocalizedText
        /// `ACDNT_OCCR_DT`.
        public var since: Date?
        /// `EXP_CLR_DT`; it can lie in the past while the row is still listed.
        public var expectedClear: Date?
        /// `ACDNT_TIME`: when the row was read.
        public var observedAt: Date?
        public var coordinate: Coordinate?
    }

    /// A text in Korean and, where Seoul gives it, English.
    public struct LocalizedText: Sendable, Hashable {
        public var korean: String?
        public var english: String?
    }
}
