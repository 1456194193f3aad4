import Foundation
import Models
import Testing

@Suite struct ISO8601Tests {
    @Test func parsesOffsetsToTheSameInstant() throws {
        let seoul = try #require(ISO8601.parse("2026-11-22T14:05:00+09:00"))
        let utc = try #require(ISO8601.parse("2026-11-22T05:05:00Z"))
        let newYork = try #require(ISO8601.parse("2026-11-22T00:05:00-05:00"))
        #expect(seoul == utc)
        #expect(newYork == utc)
        #expect(utc.timeIntervalSince1970 == 1_795_323_900)
    }

    @Test func parsesFractionalSeconds() throws {
        let date = try #require(ISO8601.parse("2026-11-22T05:05:00.250Z"))
        #expect(abs(date.timeIntervalSince1970 - 1_795_323_900.25) < 0.0001)
    }

    @Test(arguments: [
        "2026-11-22T14:05:00", "2026-11-22 14:05:00+09:00", "2026-13-01T00:00:00Z", "2026-02-30T00:00:00Z",
        "2026-11-22T24:00:00Z", "2026-11-22T14:05:00+0900", "2026-11-22T14:05:00.Z", "", "yesterday",
        "2026-11-22T14:05:00+09:00trailing",
    ])
    func rejectsTimestampsWithoutOneMeaning(_ text: String) {
        #expect(ISO8601.parse(text) == nil)
    }

    @Test func formatsInSeoulTimeAndRoundTrips() throws {
        let date = Date(timeIntervalSince1970: 1_795_323_900)
        #expect(ISO8601.format(date) == "2026-11-22T14:05:00+09:00")
        #expect(ISO8601.format(date, offsetSeconds: 0) == "2026-11-22T05:05:00Z")
        #expect(ISO8601.format(date.addingTimeInterval(0.999)) == "2026-11-22T14:05:00+09:00")
        #expect(ISO8601.format(date, offsetSeconds: -(3 * 3600 + 30 * 60)) == "2026-11-22T01:35:00-03:30")
        #expect(ISO8601.format(Date(timeIntervalSince1970: -0.5), offsetSeconds: 0) == "1969-12-31T23:59:59Z")
        #expect(ISO8601.seoulDay(date) == "2026-11-22")
        // Proleptic Gregorian before 1582 too (Foundation's format style would write the Julian date).
        let old = try #require(ISO8601.parse("1013-11-22T14:05:00+09:00"))
        #expect(ISO8601.format(old) == "1013-11-22T14:05:00+09:00")
        #expect(ISO8601.parse(ISO8601.format(date)) == date)
    }

    @Test func leapDaysAndOldDatesRoundTrip() throws {
        for text in ["2024-02-29T23:59:59+09:00", "1969-12-31T23:59:59Z", "2000-01-01T00:00:00+09:00"] {
            let date = try #require(ISO8601.parse(text))
            #expect(ISO8601.parse(ISO8601.format(date)) == date)
        }
    }
}
