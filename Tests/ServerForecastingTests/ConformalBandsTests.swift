import Testing

@testable import ServerForecasting

/// A key's band is its own errors' quantiles shrunk toward the pooled ones: the fewer its errors, the more it borrows.
@Suite struct ConformalBandsTests {
    typealias Key = ConformalBands.Key

    /// `count` errors spread evenly from `low` to `high`.
    static func errors(_ count: Int, from low: Double, to high: Double) -> [Double] {
        (0..<count).map { low + (high - low) * Double($0) / Double(max(count - 1, 1)) }
    }

    @Test func aKindWithoutErrorsOfItsOwnTakesThePooledBand() throws {
        let working = Key(minutes: 60, kind: 0, block: 2)
        let bands = ConformalBands(errors: [working: Self.errors(1000, from: -1, to: 1)])
        let saturday = try #require(bands.band(Key(minutes: 60, kind: 1, block: 2)))
        let pooled = ConformalBands.quantiles(Self.errors(1000, from: -1, to: 1))
        #expect(saturday.low == pooled.low && saturday.high == pooled.high)
        #expect(saturday.samples == 0)
        // Another time of day with no errors at all borrows its horizon's.
        let night = try #require(bands.band(Key(minutes: 60, kind: 1, block: 0)))
        #expect(night.low == pooled.low && night.high == pooled.high)
    }

    @Test func aKindsOwnErrorsWeighByTheirNumber() throws {
        let working = Self.errors(1000, from: -1, to: 1)
        var highs: [Int: Double] = [:]
        for count in [20, 200, 2000] {
            let own = Self.errors(count, from: -3, to: 3)
            let bands = ConformalBands(errors: [
                Key(minutes: 60, kind: 0, block: 2): working, Key(minutes: 60, kind: 1, block: 2): own,
            ])
            let saturday = try #require(bands.band(Key(minutes: 60, kind: 1, block: 2)))
            let pooled = ConformalBands.quantiles(working + own)
            let alone = ConformalBands.quantiles(own)
            let weight = Double(count) / Double(count + 200)
            #expect(abs(saturday.high - (pooled.high + weight * (alone.high - pooled.high))) < 1e-9)
            #expect(abs(saturday.low - (pooled.low + weight * (alone.low - pooled.low))) < 1e-9)
            #expect(saturday.samples == count)
            // Between the pooled band and its own, nearer its own the more errors it has.
            #expect(saturday.high > pooled.high && saturday.high < alone.high)
            highs[count] = saturday.high
        }
        #expect(try #require(highs[20]) < #require(highs[2000]))
    }
}
