import Foundation
import Models
import ReferenceServer
import TestSupport
import Testing

/// The Seoul citydata adapter, on fixtures in exactly the documented shapes.
@Suite struct CitydataParserTests {
    func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/seoul/\(name)"))
    }

    @Test func ichonResponseParsesTolerantly() throws {
        guard case .ok(let city) = CitydataParser.parse(try fixture("citydata-ichon.json"), expectedArea: "POI108") else {
            Issue.record("expected ok")
            return
        }
        // The duplicated lot is deduplicated on PRK_CD, preferring the row with a live count.
        let combined = try #require(city.parking.first { $0.code == "1892050" })
        #expect(combined.parked == 0)
        #expect(city.parking.filter { $0.code == "1892050" }.count == 1)
        // CUR_PRK_YN = N is unknown, not zero; floats and empty strings are tolerated.
        #expect(city.parking.first { $0.name == "이촌1주차장" }?.parked == nil)
        #expect(city.parking.first { $0.name == "이촌2주차장" }?.parked == 53)
        #expect(city.crowd?.now.level == .known(.slightlyCrowded))
        #expect(city.crowd?.forecast.count == 2)
        #expect(city.weather?.temperatureC == 9.4)
        #expect(city.weather?.air == .known(.moderate))
        #expect(ISO8601.format(try #require(combined.observedAt)) == "2025-02-03T09:06:31+09:00")
    }

    @Test func combinedRowsAreReportedNotGuessed() throws {
        guard case .ok(let city) = CitydataParser.parse(try fixture("citydata-ichon.json"), expectedArea: "POI108") else { return }
        let (matches, unmatched) = LotMatcher(lots: Catalog.bundled.lots(in: "ichon")).match(city.parking)
        #expect(matches.map(\.lotId).sorted() == ["ichon-1", "ichon-2"])
        #expect(unmatched == ["이촌3, 4주차장"])
    }

    @Test func resultCodesBecomeSourceStates() throws {
        guard case .noItem = CitydataParser.parse(try fixture("citydata-info-200.json"), expectedArea: "POI108") else {
            Issue.record("INFO-200 must be no item")
            return
        }
        guard case .failing(let reason) = CitydataParser.parse(try fixture("citydata-error-bare.json"), expectedArea: "POI108") else {
            Issue.record("ERROR-500 must be failing")
            return
        }
        #expect(reason.contains("ERROR-500"))
        guard case .failing(let other) = CitydataParser.parse(try fixture("citydata-ichon.json"), expectedArea: "POI105") else {
            Issue.record("another area must be failing")
            return
        }
        #expect(other.contains("POI108"))
        guard case .failing = CitydataParser.parse(Data("<html>".utf8), expectedArea: "POI108") else {
            Issue.record("garbage must be failing")
            return
        }
    }

    @Test func lotNamesNormalise() {
        let a = Citydata.ParkingRow(name: "난지1,2,3,4주차장", code: "1", capacity: 618, parked: 100, observedAt: nil, coordinate: nil)
        let b = Citydata.ParkingRow(name: "잠원 2-6 주차장", code: "2", capacity: 624, parked: 10, observedAt: nil, coordinate: nil)
        let lots = Catalog.bundled.lots(in: "nanji") + Catalog.bundled.lots(in: "jamwon")
        let (matches, unmatched) = LotMatcher(lots: lots).match([a, b])
        #expect(matches.map(\.lotId) == ["nanji-1-4", "jamwon-2-6"])
        #expect(unmatched.isEmpty)
    }
}
