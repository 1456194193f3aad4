import Foundation
import Models
import Testing

/// The pinned clock that lets every binary of a test agree on the hour in Seoul.
@Suite struct WallClockTests {
    @Test func unsetMeansTheSystemClock() throws {
        let clock = try WallClock.from(environment: [:])
        #expect(abs(clock.now().timeIntervalSinceNow) < 1)
    }

    @Test func pinsAnInstantThatMovesWithRealTimeFromItsAnchor() throws {
        let since = Date().addingTimeInterval(-30)
        let value = WallClock.environmentValue(
            pinning: try #require(ISO8601.parse("2026-11-23T02:00:00+09:00")), since: since)
        let clock = try WallClock.from(environment: [WallClock.environmentVariable: value])
        let seoul = SeoulTime(clock.now())
        // 30 s of real time have passed since the anchor.
        #expect(seoul.minuteOfDay == 2 * 60)
        #expect((30...32).contains(seoul.secondOfDay - 2 * 3600))
    }

    @Test func twoProcessesGivenTheSameValueAgree() throws {
        let value = WallClock.environmentValue(pinning: try #require(ISO8601.parse("2026-11-23T14:00:00+09:00")))
        let a = try WallClock.parse(value)
        let b = try WallClock.parse(value)
        #expect(abs(a.now().timeIntervalSince(b.now())) < 0.5)
    }

    @Test func rateZeroFreezesTheClock() throws {
        let clock = try WallClock.parse("2026-11-23T14:00:00+09:00;rate=0")
        #expect(ISO8601.format(clock.now()) == "2026-11-23T14:00:00+09:00")
    }

    @Test(arguments: [
        "tomorrow", "2026-11-23T14:00:00", "2026-11-23T14:00:00+09:00;since=x", "2026-11-23T14:00:00+09:00;speed=2",
        "2026-11-23T14:00:00+09:00;rate=-1",
    ])
    func malformedValuesAreErrorsNotTheSystemClock(value: String) {
        #expect(throws: WallClockError.self) { try WallClock.from(environment: [WallClock.environmentVariable: value]) }
    }
}
