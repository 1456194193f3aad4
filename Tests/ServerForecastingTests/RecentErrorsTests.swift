import Models
import Testing

@testable import ServerForecasting

/// The band from what was served: the last week's daily percentiles of the p50's errors, a day kind's own shrunk
/// toward every kind's as the conformal bands' are, and a lot's moved by how far its own errors are from every lot's.
@Suite struct RecentErrorsTests {
    typealias Key = ConformalBands.Key

    /// `count` errors spread evenly from `low` to `high`, at 60 minutes in the afternoon.
    static func errors(_ count: Int, from low: Double, to high: Double) -> [Key: [Double]] {
        [Key(minutes: 60, kind: 0, block: 2): (0..<count).map { low + (high - low) * Double($0) / Double(count - 1) }]
    }

    @Test func aBandNeedsTwoHundredErrorsAtItsHorizon() throws {
        var recent = RecentErrors()
        recent.record(day: 1, kind: 0, errors: Self.errors(150, from: -1, to: 1))
        #expect(recent.band(Key(minutes: 60, kind: 0, block: 2)) == nil)
        recent.record(day: 2, kind: 0, errors: Self.errors(150, from: -1, to: 1))
        let band = try #require(recent.band(Key(minutes: 60, kind: 0, block: 2)))
        #expect(abs(band.low + 0.8) < 1e-9 && abs(band.high - 0.8) < 1e-9)
        // Another time of day borrows its horizon's; another horizon has none.
        #expect(recent.band(Key(minutes: 60, kind: 0, block: 0))?.high == band.high)
        #expect(recent.band(Key(minutes: 30, kind: 0, block: 2)) == nil)
    }

    @Test func aDayWithTooFewErrorsIsNotKeptAndAWeekOnADayIsForgotten() {
        var recent = RecentErrors()
        recent.record(day: 1, kind: 0, errors: Self.errors(BandCalibration.minimumForecasts - 1, from: -1, to: 1))
        #expect(recent.records.isEmpty)
        for day in 2...9 { recent.record(day: day, kind: 0, errors: Self.errors(100, from: -1, to: 1)) }
        #expect(recent.records.map(\.day) == Array(3...9))
    }

    @Test func aKindsOwnDaysWeighByTheirErrors() throws {
        var recent = RecentErrors()
        for day in 1...5 { recent.record(day: day, kind: 0, errors: Self.errors(200, from: -1, to: 1)) }
        let saturday = Key(minutes: 60, kind: 1, block: 2)
        #expect(try #require(recent.band(saturday)).high == recent.band(Key(minutes: 60, kind: 0, block: 2))?.high)
        recent.record(day: 6, kind: 1, errors: Self.errors(200, from: -3, to: 3))
        let band = try #require(recent.band(saturday))
        // Pooled: (5 × 200 × 0.8 + 200 × 2.4) / 1200; its own 2.4 weighs 200 / 400.
        let pooled = (5 * 200 * 0.8 + 200 * 2.4) / 1200
        #expect(abs(band.high - (pooled + 0.5 * (2.4 - pooled))) < 1e-9)
    }

    /// A lot that missed more than the others gets a wider band, one that missed less a narrower one, their own
    /// weighing n / (n + 200) against every lot's; a lot without errors, and a row without a lot, get the key's.
    @Test func aLotsBandMovesByHowFarItsErrorsAreFromEveryLots() throws {
        let key = Key(minutes: 60, kind: 0, block: 2)
        let spread = { (width: Double) in (0..<100).map { -width + 2 * width * Double($0) / 99 } }
        var recent = RecentErrors()
        for day in 1...2 {
            recent.record(
                day: day, kind: 0, errors: Self.errors(200, from: -1, to: 1),
                lotErrors: [
                    RecentErrors.LotKey(lot: "steady", minutes: 60): spread(1),
                    RecentErrors.LotKey(lot: "closed-next-door", minutes: 60): spread(3),
                ])
        }
        let keyBand = try #require(recent.band(key))
        #expect(abs(keyBand.high - 0.8) < 1e-9)
        #expect(try #require(recent.band(key, lot: "new")) == keyBand)
        // Every lot's 90th percentile: (0.8 × 200 + 2.4 × 200) / 400 = 1.6; each lot's 200 errors weigh one half.
        let wide = try #require(recent.band(key, lot: "closed-next-door"))
        let narrow = try #require(recent.band(key, lot: "steady"))
        #expect(abs(wide.high - (0.8 + 0.5 * (2.4 - 1.6))) < 1e-9 && abs(wide.low - (-0.8 - 0.4)) < 1e-9)
        #expect(abs(narrow.high - (0.8 - 0.4)) < 1e-9 && abs(narrow.low - (-0.8 + 0.4)) < 1e-9)
        #expect(recent.records.last?.lots.map(\.count) == [100, 100])
    }
}
