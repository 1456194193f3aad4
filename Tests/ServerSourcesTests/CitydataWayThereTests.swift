import Foundation
import Models
import ServerSources
import TestSupport
import Testing

/// The way-there sections (따릉이, subway, bus stops, EV chargers, road works) in the shapes recorded answers carry
/// them: JSON lists, the XML-converted wrappers, single objects and nulls at both levels, strings for numbers.
@Suite struct CitydataWayThereTests {
    let yeouido = CitydataArea(code: "POI105", name: "여의도한강공원")

    /// An INFO-000 answer for 여의도 holding `sections` (JSON text of the members after AREA_NM).
    func city(_ sections: String) throws -> Citydata {
        let text = """
            {"RESULT": {"RESULT.CODE": "INFO-000", "RESULT.MESSAGE": "정상 처리되었습니다."},
             "CITYDATA": {"AREA_CD": "POI105", "AREA_NM": "여의도한강공원", \(sections)}}
            """
        guard case .ok(let city) = CitydataParser.parse(Data(text.utf8), expected: yeouido) else {
            throw CocoaError(.fileReadCorruptFile)
        }
        return city
    }

    func seoul(_ text: String) -> Date { ISO8601.parse(text + "+09:00")! }

    @Test func bikeStationsKeepTheirNumberApartAndZeroBikesIsAValue() throws {
        let city = try city(
            """
            "SBIKE_STTS": [
              {"SBIKE_SPOT_NM": "4217. 한강공원 망원나들목", "SBIKE_SPOT_ID": "ST-2905", "SBIKE_PARKING_CNT": "0",
               "SBIKE_RACK_CNT": "20", "SBIKE_SHARED": "0", "SBIKE_X": 126.9774704, "SBIKE_Y": "37.5550"},
              {"SBIKE_SPOT_NM": "4217. 한강공원 망원나들목", "SBIKE_SPOT_ID": "ST-2905", "SBIKE_PARKING_CNT": "0"},
              {"SBIKE_SPOT_NM": "여의나루역 1번출구", "SBIKE_PARKING_CNT": 12, "SBIKE_RACK_CNT": "-",
               "SBIKE_X": "", "SBIKE_Y": null},
              {"SBIKE_SPOT_ID": "ST-1", "SBIKE_PARKING_CNT": "3"}
            ]
            """)
        #expect(city.bikeStations.count == 2)
        let first = try #require(city.bikeStations.first)
        #expect(first.number == "4217" && first.name == "한강공원 망원나들목" && first.id == "ST-2905")
        #expect(first.bikes == 0 && first.racks == 20)
        #expect(first.coordinate == Coordinate(lat: 37.5550, lon: 126.9774704))
        let second = city.bikeStations[1]
        #expect(second.number == nil && second.name == "여의나루역 1번출구" && second.bikes == 12)
        #expect(second.racks == nil && second.coordinate == nil)
        #expect(city.droppedRows == [.bikes: 1])
    }

    @Test func xmlConvertedWrappersSingleObjectsAndNullsAreReadAtBothLevels() throws {
        let city = try city(
            """
            "SBIKE_STTS": {"SBIKE_STTS": {"SBIKE_SPOT_NM": "4216. 한강공원 여의도", "SBIKE_PARKING_CNT": "7"}},
            "SUB_STTS": {"SUB_STTS": [
              {"SUB_STN_NM": "여의나루", "SUB_STN_LINE": "5", "SUB_STN_X": "126.9326", "SUB_STN_Y": "37.5271",
               "SUB_DETAIL": {"SUB_DETAIL": {"SUB_LINE": "5호선", "SUB_DIR": "하행", "SUB_TERMINAL": "방화",
                 "SUB_ARVTIME": "180", "SUB_ARMG1": "3분 후 (마포)"}}},
              {"SUB_STN_NM": "여의도", "SUB_STN_LINE": "9", "SUB_DETAIL": null}
            ]},
            "BUS_STN_STTS": {"BUS_STN_STTS": {"BUS_STN_NM": "여의도한강공원", "BUS_ARS_ID": "19120",
              "BUS_DETAIL": {"BUS_DETAIL": [
                {"RTE_NM": "261", "RTE_ARRV_TM_1": "3분후[1번째 전]", "RTE_ARRV_TM_2": "운행종료",
                 "RTE_CONGEST_1": "여유", "RTE_CONGEST_2": "정보없음"}]}}},
            "CHARGER_STTS": null,
            "ACDNT_CNTRL_STTS": {"ACDNT_CNTRL_STTS": null}
            """)
        #expect(city.bikeStations.map(\.bikes) == [7])
        #expect(city.subwayStations.map(\.name) == ["여의나루", "여의도"])
        let arrival = try #require(city.subwayStations.first?.arrivals.first)
        #expect(arrival.seconds == 180 && arrival.terminal == "방화" && arrival.words == "3분 후 (마포)")
        #expect(city.subwayStations[1].arrivals.isEmpty)
        let route = try #require(city.busStops.first?.routes.first)
        #expect(city.busStops.first?.arsNumber == "19120")
        #expect(route.name == "261" && route.arrivals == ["3분후[1번째 전]", "운행종료"] && route.crowding == ["여유"])
        #expect(city.chargingStations.isEmpty && city.roadControls.isEmpty)
        #expect(city.unreadable.isEmpty && city.droppedRows.isEmpty)
    }

    @Test func aTransferStationIsOneStationWithItsLines() throws {
        let city = try city(
            """
            "SUB_STTS": [
              {"SUB_STN_NM": "합정", "SUB_STN_LINE": "2", "SUB_DETAIL": [
                {"SUB_LINE": "2호선", "SUB_DIR": "내선", "SUB_ARVTIME": "0", "SUB_ARMG1": "합정 도착"}]},
              {"SUB_STN_NM": "합정", "SUB_STN_LINE": "6", "SUB_STN_X": 126.913, "SUB_STN_Y": 37.549, "SUB_DETAIL": []},
              {"SUB_STN_NM": "합정", "SUB_STN_LINE": "2", "SUB_DETAIL": [
                {"SUB_LINE": "2호선", "SUB_DIR": "내선", "SUB_ARVTIME": "0", "SUB_ARMG1": "합정 도착"}]}
            ]
            """)
        let station = try #require(city.subwayStations.first)
        #expect(city.subwayStations.count == 1 && station.lines == ["2", "6"])
        #expect(station.arrivals.count == 1 && station.arrivals.first?.seconds == 0)
        #expect(station.coordinate == Coordinate(lat: 37.549, lon: 126.913))
    }

    @Test func chargersAreCountedBySpeedAndStateWithUnknownWordsKept() throws {
        let city = try city(
            """
            "CHARGER_STTS": [
              {"STAT_NM": "여의도한강공원 제2주차장", "STAT_ID": "HM110247", "STAT_ADDR": "서울 영등포구 여의동로 330",
               "STAT_X": "126.9327", "STAT_Y": "37.5280", "STAT_USETIME": "24시간 이용가능", "STAT_PARKPAY": "Y",
               "CHARGER_DETAILS": [
                 {"CHARGER_ID": "01", "CHARGER_TYPE": "AC완속", "CHARGER_STAT": "사용가능", "OUTPUT": "7",
                  "STATUPDDT": "2026-08-11 08:52"},
                 {"CHARGER_ID": "02", "CHARGER_TYPE": "DC차데모+AC3상+DC콤보", "CHARGER_STAT": "충전중", "OUTPUT": 50},
                 {"CHARGER_ID": "03", "CHARGER_TYPE": "AC완속", "CHARGER_STAT": "점검중"},
                 {"CHARGER_ID": "04", "CHARGER_TYPE": "기타", "CHARGER_STAT": "상태미확인"},
                 {"CHARGER_ID": "05", "CHARGER_TYPE": "AC완속", "CHARGER_STAT": "예약중"},
                 {"CHARGER_ID": "01", "CHARGER_TYPE": "AC완속", "CHARGER_STAT": "사용가능"}]},
              {"STAT_NM": "NIA빌딩", "STAT_ID": "HM1", "CHARGER_DETAILS": 7}
            ]
            """)
        let station = try #require(city.chargingStations.first)
        #expect(city.chargingStations.count == 1 && city.droppedRows == [.chargers: 1])
        #expect(station.paidParking == true && station.hours == "24시간 이용가능")
        // The duplicated charger 01 is counted once; 예약중 stays as Seoul wrote it.
        #expect(
            station.chargers == [
                ChargerCount(speed: .known(.slow), state: .known(.free), count: 1),
                ChargerCount(speed: .known(.fast), state: .known(.charging), count: 1),
                ChargerCount(speed: .known(.slow), state: .known(.maintenance), count: 1),
                ChargerCount(speed: .known(.unknown), state: .known(.unknown), count: 1),
                ChargerCount(speed: .known(.slow), state: .unknown("예약중"), count: 1),
            ])
        #expect(station.total == 5 && station.count(.free) == 1)
        #expect(station.observedAt == seoul("2026-08-11T08:52:00"))
    }

    @Test func roadControlsCarryBothLanguagesAndTheirTimes() throws {
        let city = try city(
            """
            "ACDNT_CNTRL_STTS": [
              {"ACDNT_TYPE": "공사", "ACDNT_ENG_TYPE": "Construction", "ACDNT_DTYPE": "도로보수",
               "ACDNT_ENG_DTYPE": "Road Repair", "ACDNT_INFO": "여의동로 2개 차로 통제",
               "ACDNT_ENG_INFO": "2 lanes closed on Yeouidong-ro", "ACDNT_OCCR_DT": "2026-06-03 21:00",
               "EXP_CLR_DT": "2026-06-04 06:00", "ACDNT_TIME": "2026-06-03 23:10", "ACDNT_X": "126.93",
               "ACDNT_Y": "37.527"},
              {"ACDNT_OCCR_DT": "2026-06-03 21:00"}
            ]
            """)
        let control = try #require(city.roadControls.first)
        #expect(control.type?.en == "Construction" && control.detail?.ko == "도로보수")
        #expect(control.info?.en == "2 lanes closed on Yeouidong-ro")
        #expect(control.since == seoul("2026-06-03T21:00:00") && control.expectedClear == seoul("2026-06-04T06:00:00"))
        #expect(control.coordinate == Coordinate(lat: 37.527, lon: 126.93))
        #expect(city.droppedRows == [.roadControls: 1])
    }

    /// A fixture of Tests/Fixtures/seoul, which Tools/fixtures/make-seoul-citydata.py writes.
    func fixture(_ name: String, _ area: CitydataArea) throws -> Citydata {
        guard case .ok(let city) = CitydataParser.parse(try SeoulStandIn.fixture(name), expected: area) else {
            throw CocoaError(.fileReadCorruptFile)
        }
        return city
    }

    @Test func theProjectsFixturesCarryEverySectionInItsRecordedShape() throws {
        let json = try fixture("citydata-yeouido-poi105.json", yeouido)
        #expect(json.bikeStations.map(\.bikes) == [12, 0])
        #expect(json.subwayStations.map(\.name) == ["여의나루", "여의도"] && json.subwayStations[1].lines == ["5", "9"])
        #expect(json.subwayStations[0].arrivals.map(\.seconds) == [180, 0])
        #expect(json.busStops.map(\.arsNumber) == ["19120"] && json.busStops[0].routes.isEmpty)
        #expect(
            json.chargingStations.first?.chargers.map(\.state) == [
                .known(.free), .known(.charging), .known(.maintenance), .known(.unknown),
            ])
        #expect(json.roadControls.first?.info?.en == "2 lanes closed on Yeouidong-ro towards Mapo Bridge")
        #expect(json.droppedRows.isEmpty && json.unreadable.isEmpty)
        let xml = try fixture("citydata-yanghwa-xml.json", CitydataArea(code: "POI103", name: "양화한강공원"))
        #expect(xml.bikeStations.first?.coordinate == Coordinate(lat: 37.53862381, lon: 126.90170288))
        #expect(xml.subwayStations.first?.arrivals == [])
        #expect(xml.busStops.first?.routes.first?.arrivals == ["5분12초후[2번째 전]", "운행종료"])
        #expect(xml.chargingStations.isEmpty && xml.roadControls.isEmpty && xml.unreadable.isEmpty)
    }

    @Test func aSectionOfUnknownTypeFailsAloneAndAbsentSectionsAreNone() throws {
        let city = try city(#""SBIKE_STTS": "점검중", "SUB_STTS": 3, "PRK_STTS": []"#)
        #expect(city.unreadable == [.bikes, .subway])
        #expect(city.bikeStations.isEmpty && city.busStops.isEmpty && city.chargingStations.isEmpty)
    }

    @Test func aSectionOf500RowsIsReadWhole() throws {
        let rows = (0..<500).map { i in
            #"{"SBIKE_SPOT_NM": "\#(1000 + i). 정류소 \#(i)", "SBIKE_SPOT_ID": "ST-\#(i)", "SBIKE_PARKING_CNT": "\#(i % 9)"}"#
        }
        let city = try city(#""SBIKE_STTS": ["# + rows.joined(separator: ",") + "]")
        #expect(city.bikeStations.count == 500 && city.droppedRows.isEmpty)
        #expect(city.bikeStations.last?.number == "1499" && city.bikeStations.last?.bikes == 499 % 9)
    }

    @Test func negativeOrTextCountsAreUnknownNotZeroAndTheStationStays() throws {
        let city = try city(
            """
            "SBIKE_STTS": [
              {"SBIKE_SPOT_NM": "1. 가", "SBIKE_PARKING_CNT": "-3", "SBIKE_RACK_CNT": "많음"},
              {"SBIKE_SPOT_NM": "2. 나", "SBIKE_PARKING_CNT": "-", "SBIKE_RACK_CNT": -1}
            ]
            """)
        #expect(city.bikeStations.map(\.bikes) == [nil, nil] && city.bikeStations.map(\.racks) == [nil, nil])
        #expect(city.droppedRows.isEmpty)
    }

    @Test func aPositionOutsideSeoulDropsItsRowAndNothingElse() throws {
        let city = try city(
            """
            "SBIKE_STTS": [
              {"SBIKE_SPOT_NM": "1. 부산", "SBIKE_X": "129.07", "SBIKE_Y": "35.18"},
              {"SBIKE_SPOT_NM": "2. 바다", "SBIKE_X": 0, "SBIKE_Y": 0},
              {"SBIKE_SPOT_NM": "3. 여의도", "SBIKE_X": "126.93", "SBIKE_Y": "37.52"}
            ],
            "CHARGER_STTS": [{"STAT_NM": "거꾸로", "STAT_X": "37.52", "STAT_Y": "126.93", "CHARGER_DETAILS": []}],
            "ACDNT_CNTRL_STTS": [{"ACDNT_INFO": "통제", "ACDNT_X": "127.9", "ACDNT_Y": "37.5"}]
            """)
        // (0, 0) is Seoul's "no position": the row stays without one.
        #expect(city.bikeStations.map(\.name) == ["바다", "여의도"] && city.bikeStations[0].coordinate == nil)
        #expect(city.chargingStations.isEmpty && city.roadControls.isEmpty)
        #expect(city.droppedRows == [.bikes: 1, .chargers: 1, .roadControls: 1])
    }

    @Test func aDuplicatedIdIsOneItem() throws {
        let city = try city(
            """
            "SBIKE_STTS": [
              {"SBIKE_SPOT_NM": "1. 가", "SBIKE_SPOT_ID": "ST-1", "SBIKE_PARKING_CNT": "3"},
              {"SBIKE_SPOT_NM": "1. 가 (이전 이름)", "SBIKE_SPOT_ID": "ST-1", "SBIKE_PARKING_CNT": "4"}
            ],
            "BUS_STN_STTS": [
              {"BUS_STN_NM": "정류소", "BUS_STN_ID": "1", "BUS_ARS_ID": "19120"},
              {"BUS_STN_NM": "정류소", "BUS_STN_ID": "1", "BUS_ARS_ID": "19120"}
            ],
            "CHARGER_STTS": [
              {"STAT_NM": "충전소", "STAT_ID": "HM1", "CHARGER_DETAILS": []},
              {"STAT_NM": "충전소", "STAT_ID": "HM1", "CHARGER_DETAILS": []}
            ]
            """)
        #expect(city.bikeStations.map(\.bikes) == [3] && city.busStops.count == 1 && city.chargingStations.count == 1)
        #expect(city.droppedRows.isEmpty)
    }
}
