import Foundation
import Models
import ServerSources
import TestSupport
import Testing

/// The Seoul citydata adapter on fixtures in the shapes real responses have (Tests/Fixtures/seoul), one per fact of
/// "What real citydata responses look like".
@Suite struct CitydataParserTests {
    let yeouido = CitydataArea(code: "POI105", name: "여의도한강공원")

    func parse(_ name: String, _ area: CitydataArea) throws -> CitydataResult {
        CitydataParser.parse(try SeoulStandIn.fixture(name), expected: area)
    }

    func city(_ name: String, _ area: CitydataArea) throws -> Citydata {
        guard case .ok(let city) = try parse(name, area) else { throw CocoaError(.fileReadCorruptFile) }
        return city
    }

    func seoul(_ text: String) -> Date { ISO8601.parse(text + "+09:00")! }

    // MARK: Envelopes and codes

    @Test func resultCodesBecomeSourceStatesEvenWithHTTP200() throws {
        guard case .noItem = try parse("citydata-info-200.json", yeouido) else {
            Issue.record("INFO-200 is no item")
            return
        }
        guard case .failing(let refused) = try parse("citydata-info-100.json", yeouido),
            case .keyRefused(let message) = refused
        else {
            Issue.record("INFO-100 is a refused key")
            return
        }
        #expect(message.contains("인증키") && !refused.isTransient)
        for name in ["citydata-error-bare.json", "citydata-error-600.json"] {
            guard case .failing(let failure) = try parse(name, yeouido), case .transient = failure else {
                Issue.record("\(name) is transient")
                return
            }
            #expect(failure.isTransient)
        }
        guard case .failing(.notJSON) = CitydataParser.parse(Data("<html>".utf8), expected: yeouido) else {
            Issue.record("garbage")
            return
        }
        let huge = Data(count: CitydataParser.maxBytes + 1)
        guard case .failing(.tooLarge) = CitydataParser.parse(huge, expected: yeouido) else {
            Issue.record("oversized")
            return
        }
    }

    @Test func theSampleKeysAnswerForAnotherPlaceIsRefused() throws {
        guard
            case .failing(.wrongArea(let answered, let expected)) = try parse(
                "citydata-sample-gwanghwamun.json", CitydataArea(code: "POI095", name: "반포한강공원"))
        else {
            Issue.record("must be refused")
            return
        }
        #expect(answered == "POI009" && expected == "POI095")
    }

    @Test func olderResponsesWithoutAreaCodeAreCheckedByName() throws {
        let ichon = CitydataArea(code: "POI108", name: "이촌한강공원")
        let city = try city("citydata-ichon-2023.json", ichon)
        #expect(city.areaCode == nil && city.areaName == "이촌한강공원")
        #expect(city.crowd?.forecast.isEmpty == true)  // 2023: no FCST_PPLTN
        #expect(city.roadTraffic?.observedAt == seoul("2023-05-20T15:00:00"))  // ROAD_TRFFIC_TIME
        guard
            case .failing(.wrongArea) = try parse(
                "citydata-ichon-2023.json", CitydataArea(code: "POI095", name: "반포한강공원"))
        else {
            Issue.record("a 2023 response for 이촌 must not be accepted for 반포")
            return
        }
    }

    // MARK: Types and shapes

    @Test func stringsNumbersAndEmptiesAreReadTolerantly() throws {
        let city = try city("citydata-yeouido-poi105.json", yeouido)
        let weather = try #require(city.weather)
        #expect(weather.temperatureC == 31.2)
        #expect(weather.precipitationText == "1 미만")
        #expect(weather.pm10 == nil && weather.pm25 == nil)  // "-" and ""
        let five = try #require(
            try self.city("citydata-yeouido-poi072.json", CitydataArea(code: "POI072", name: "여의도")).parking.first {
                $0.code == "1010005"
            })
        #expect(five.capacity == 141 && five.parked == 41)  // JSON numbers
        #expect(city.roadTraffic?.speedKmh == 18)
    }

    @Test func singleObjectsAndNullSectionsFromXMLConversionAreReadAsLists() throws {
        let city = try city("citydata-yanghwa-xml.json", CitydataArea(code: "POI103", name: "양화한강공원"))
        #expect(city.unreadable.isEmpty)
        #expect(city.parking.count == 1 && city.parking.first?.parked == 82)
        #expect(city.parking.first?.coordinate?.lat == 37.538500000000006)
        #expect(city.crowd?.forecast.count == 1)
        #expect(city.events.isEmpty && city.notices.isEmpty)
    }

    @Test func aSectionOfUnknownTypeIsUnreadableNotEmpty() throws {
        let city = try city("citydata-unknown-shape.json", CitydataArea(code: "POI110", name: "잠실한강공원"))
        #expect(city.unreadable == [.parking])
        #expect(city.crowd != nil && city.weather != nil)
    }

    // MARK: Parking rows

    @Test func realtimeTwinsMergeAndPreferTheLiveCount() throws {
        let rows = try city("citydata-yeouido-poi105.json", yeouido).parking
        #expect(rows.count == 3)
        let one = try #require(rows.first { $0.code == "1010001" })
        #expect(one.parked == 400 && one.observedAt == seoul("2026-08-26T13:58:12"))
        let three = try #require(rows.first { $0.code == "1010003" })
        #expect(three.capacity == 800 && three.parked == 0 && three.coordinate != nil)
    }

    @Test func oneCodeForTwoSegmentsIsNotMerged() throws {
        let rows = try city("citydata-ttukseom-segments.json", CitydataArea(code: "POI093", name: "뚝섬한강공원")).parking
        #expect(rows.map(\.capacity) == [356, 123])
        let (matches, unmatched) = LotMatcher(lots: Catalog.bundled.lots(in: "ttukseom")).match(rows)
        #expect(matches.map(\.lotIds) == [["ttukseom-2"], ["ttukseom-3"]] && unmatched.isEmpty)
    }

    @Test func names2026WithLandmarksAndParkWordsMatchAcrossAreas() throws {
        let rows =
            try city("citydata-yeouido-poi105.json", yeouido).parking
            + city("citydata-yeouido-poi072.json", CitydataArea(code: "POI072", name: "여의도")).parking
        let (matches, unmatched) = LotMatcher(lots: Catalog.bundled.lots(in: "yeouido")).match(rows)
        #expect(Set(matches.flatMap(\.lotIds)) == ["yeouido-1", "yeouido-2", "yeouido-3", "yeouido-4", "yeouido-5"])
        #expect(matches.first { $0.lotIds == ["yeouido-1"] }?.row.parked == 410)  // the newer of the two areas' rows
        #expect(unmatched == ["여의도공원 공영주차장"])
        // "63" of 63빌딩 is no lot number; 양화 in square brackets likewise.
        #expect(LotMatcher.key("여의도한강공원1주차장(63빌딩앞)").numbers == [1])
        #expect(LotMatcher.key("양화3주차장[양화선착장앞]").prefix == "양화" && LotMatcher.key("양화3주차장[양화선착장앞]").numbers == [3])
    }

    @Test func oneRowForTwoLotsCountsThemTogether() throws {
        let rows = try city("citydata-ichon-2023.json", CitydataArea(code: "POI108", name: "이촌한강공원")).parking
        let (matches, unmatched) = LotMatcher(lots: Catalog.bundled.lots(in: "ichon")).match(rows)
        #expect(matches.map(\.lotIds) == [["ichon-3", "ichon-4"], ["ichon-2"]])
        #expect(unmatched.isEmpty)
    }

    @Test func noHanRiverLotInTheAreaMatchesNothing() throws {
        let rows = try city("citydata-banpo-no-match.json", CitydataArea(code: "POI095", name: "반포한강공원")).parking
        let (matches, unmatched) = LotMatcher(lots: Catalog.bundled.lots(in: "banpo")).match(rows)
        #expect(matches.isEmpty && unmatched == ["반포자이 공영주차장", "고속터미널 주차장"])
    }

    // MARK: What else citydata offers

    @Test func seoulsCrowdForecastHasTwelveHourlySlotsFromTwoHoursAheadAfterHalfPast() throws {
        let crowd = try #require(try city("citydata-yeouido-poi105.json", yeouido).crowd)
        #expect(crowd.now.observedAt == seoul("2026-08-26T13:35:00"))
        #expect(crowd.forecast.count == 12)
        #expect(crowd.forecast.first?.at == seoul("2026-08-26T15:00:00"))
        #expect(crowd.now.level == .known(.crowded))
    }

    @Test func weatherForecastWarningsEventsAndDisasterMessages() throws {
        let city = try city("citydata-yeouido-poi105.json", yeouido)
        let forecast = try #require(city.weather?.forecast)
        #expect(forecast.count == 24 && forecast.first?.at == seoul("2026-08-26T15:00:00"))
        #expect(city.weather?.forecast(at: seoul("2026-08-26T15:20:00"))?.precipitation == .known(.shower))
        #expect(city.notices.count == 1 && city.notices.first?.kind == .known(.warning))
        #expect(city.notices.first?.text.ko.hasPrefix("폭염 경보") == true)
        let event = try #require(city.events.first)
        #expect(event.title.ko == "한강 여름 달빛 축제" && event.place?.ko == "여의도한강공원 물빛광장" && event.free == true)
        #expect(event.startsAt == seoul("2026-08-18T00:00:00") && event.endsAt == seoul("2026-08-28T23:59:59"))
        let banpo = try self.city("citydata-banpo-no-match.json", CitydataArea(code: "POI095", name: "반포한강공원"))
        #expect(banpo.notices.map(\.text.ko).last == "[호우] 한강공원 하천변 출입을 자제하세요")
        #expect(city.roadTraffic?.level == .known(.slow))
    }

    @Test(arguments: [
        ("2026-08-26 05:30", "2026-08-26T05:30:00"), ("2026-08-26 05:56:53", "2026-08-26T05:56:53"),
        ("202608260600", "2026-08-26T06:00:00"), ("20260826 0110", "2026-08-26T01:10:00"),
        ("20260826", "2026-08-26T00:00:00"),
        ("2026-08-26", "2026-08-26T00:00:00"),
    ])
    func everyTimeFormatSeenIsSeoulTime(text: String, expected: String) {
        #expect(CitydataParser.seoulTime(text) == seoul(expected))
    }

    /// Also a year past 9999 (the citydata fuzz target's find: it overflowed the day count), a number past Int's
    /// range, and digits that are not ASCII.
    @Test(arguments: [
        "202607", "05:43", "", "-", "2026-13-01 00:00", "202677777777777777-08-26 13:52",
        "99999999999999999999-2026-08-26 13:52", "\u{0662}\u{0660}\u{0662}\u{0666}\u{0660}\u{0668}\u{0662}\u{0666}",
    ])
    func timesWithoutADayOrOutOfReachAreNoInstant(text: String) {
        #expect(CitydataParser.seoulTime(text) == nil)
    }
}
