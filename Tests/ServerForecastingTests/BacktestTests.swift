import Foundation
import Models
import ServerForecasting
import ServerSources
import TestFixtures
import TestSupport
import Testing

@testable import ServerForecasting

/// The backtest scores forecasts made only from what was known at their start, on every horizon.
struct BacktestTests {
    /// A lot that fills the same way every day from 08:00 to 16:00 local time (UTC+1), with `today`'s offset on the
    /// last days and a small deterministic wobble.
    static func series(days: Int = 21, lastDaysOffset: Int = 0) -> HistorySeries {
        let lot = ParkingLot(
            id: "CITY-1", parkId: "recorded", nameKo: "CITY-1", nameEn: "CITY-1",
            coordinate: Coordinate(lat: 0, lon: 0), capacity: 400,
            hours: OpeningHours(open: "00:00", close: "24:00"),
            fees: Fees(basicMinutes: 0, basicCharge: 0, additionalUnitMinutes: 0, additionalCharge: 0))
        let firstDay = SeoulTime.dayNumber(year: 2026, month: 9, day: 7)
        let first = (firstDay * 86_400 - 3600) / 300
        var free = [Int32](repeating: -1, count: days * 288)
        var readings: [Int] = []
        for day in 0..<days {
            for step in stride(from: 96, through: 192, by: 6) {  // every 30 min, 08:00-16:00
                let hour = Double(step) / 12
                var value = 400 - 300 * exp(-pow((hour - 12) / 2.5, 2)) - Double((day * 7 + step) % 5)
                if day >= days - 3 { value -= Double(lastDaysOffset) }
                free[day * 288 + step] = Int32(value.rounded())
                readings.append(first + day * 288 + step)
            }
        }
        // Interpolate between readings as RecordedHistory does.
        for (a, b) in zip(readings, readings.dropFirst()) where b - a == 6 {
            for k in 1..<6 {
                let va = Double(free[a - first])
                let vb = Double(free[b - first])
                free[a - first + k] = Int32((va + (vb - va) * Double(k) / 6).rounded())
            }
        }
        return HistorySeries(lot: lot, firstBucket: first, free: free, readingBuckets: readings)
    }

    @Test func aRegularLotIsForecastBetterThanPersistenceOnEveryHorizon() async throws {
        let rows = try await Backtest(calendar: .recorded(offsetSeconds: 3600)).score([Self.series(lastDaysOffset: 20)])
            .rows
        #expect(rows.map(\.minutes) == Backtest.horizons)
        for row in rows {
            #expect(row.samples > 0)
            #expect(row.ratioToPersistence < 1, "\(row.minutes) min: \(row.forecastMAE) vs \(row.persistenceMAE)")
            #expect(row.lastWeekSamples > 0)
        }
        // Starts in the first week are not scored.
        let rows7 = try await Backtest(calendar: .recorded(offsetSeconds: 3600)).score([Self.series(days: 7)]).rows
        #expect(rows7.allSatisfy { $0.samples == 0 } || rows7.isEmpty)
    }

    /// Every scored forecast lands in one risk bin, and the table prints one line per bin in the documented form.
    @Test func theReliabilityTableCountsEveryForecastOnceInTheDocumentedForm() async throws {
        let rows = try await Backtest(calendar: .recorded(offsetSeconds: 3600)).score([Self.series(lastDaysOffset: 20)])
            .rows
        for row in rows {
            #expect(row.reliability.map(\.percent) == Backtest.riskBins)
            #expect(row.reliability.map(\.samples).reduce(0, +) == row.samples)
        }
        let lines = Backtest.renderReliability(rows).split(separator: "\n").map(String.init)
        #expect(lines.count == rows.count * (1 + Backtest.riskBins.count))
        #expect(lines.first == "risk of no space at 15 min:")
        let bin = try Regex(#"^risk (0-10|10-30|30-60|60-100)%  n=\d+  predicted \d+\.\d%  observed \d+\.\d%$"#)
        #expect(lines.filter { !$0.hasSuffix(":") }.allSatisfy { $0.wholeMatch(of: bin) != nil }, "\(lines)")
        let holding = Backtest.ReliabilityBin(percent: 10...30, samples: 300, predicted: 0.2, observed: 0.25)
        #expect(holding.holds)
        #expect(!Backtest.ReliabilityBin(percent: 10...30, samples: 300, predicted: 0.2, observed: 0.4).holds)
    }

    @Test func aForecastSeesNothingAfterItsStart() async throws {
        let series = Self.series()
        let start = series.readingBuckets[series.readingBuckets.count - 10]
        var changed = series
        for index in (start - series.firstBucket + 1)..<changed.free.count where changed.free[index] >= 0 {
            changed.free[index] = 0
        }
        var forecaster = Forecaster()
        forecaster.calendar = .recorded(offsetSeconds: 3600)
        let now = TimeSlot.start(of: start)
        let before = try await forecaster.forecast(
            lot: series.lot, history: SeriesHistory(series: [series.lot.id: series], asOf: start), now: now)
        let after = try await forecaster.forecast(
            lot: series.lot, history: SeriesHistory(series: [series.lot.id: changed], asOf: start), now: now)
        #expect(before == after)
        #expect(!before.points.isEmpty)
        let hidden = try await SeriesHistory(series: [series.lot.id: series], asOf: start).values(
            lot: series.lot.id, buckets: [start, start + 1])
        #expect(hidden.keys.sorted() == [start])
    }

    /// The history no choice was tuned on reads whole, in Seoul's calendar, with its closed lot's two weeks missing.
    @Test func theUnseenWinterFixtureIsReadWithTheClosedLotsDaysMissing() throws {
        let recorded = try RecordedHistory.read(
            path: try Fixtures.recording("winter-holidays.csv"),
            catalog: .bundled)
        #expect(recorded.report.lotsKept == 7 && recorded.report.lotsDropped.isEmpty)
        #expect(recorded.report.missingDays == 14, "RINK-EAST, closed from 11 to 24 January")
        #expect(recorded.calendar.offsetSeconds == 9 * 3600)
        let east = try #require(recorded.series.first { $0.lot.id.rawValue == "RINK-EAST" })
        let seollal = ForecastCalendar.seoul.kind(ofBucket: (20_857 * 86_400 - 9 * 3600) / 300 + 144)
        #expect(seollal == .sundayOrHoliday, "8 February 2027, a Monday of Seollal")
        #expect(east.readingBuckets.count > 1000)
    }

    /// The whole table is `Tools/bench/run backtest` (release); here two lots of the fixture, to keep the suite light.
    @Test func theRecordedFixtureIsCleanedAndTwoOfItsLotsBeatPersistence() async throws {
        let recorded = try RecordedHistory.read(
            path: try Fixtures.recording("city-car-parks.csv"),
            catalog: .bundled)
        #expect(recorded.report.lotsDropped == ["CITY-LIBRARY"])
        #expect(recorded.report.capacityChanges == ["CITY-CENTRAL-02"])
        #expect(recorded.calendar.offsetSeconds == 3600)
        let two = recorded.series.filter { ["CITY-MARKET-HALL", "CITY-STATION-SOUTH"].contains($0.lot.id.rawValue) }
        #expect(two.count == 2)
        let rows = try await Backtest(calendar: recorded.calendar).score(two).rows
        for row in rows where row.minutes >= 30 {
            #expect(row.ratioToPersistence < 1, "\(row.minutes) min")
            #expect(row.coverage >= 0.6 && row.coverage <= 0.95, "\(row.minutes) min coverage \(row.coverage)")
        }
    }

    @Test func simulatedHistoryIsScoredInTheDaytime() async throws {
        let rows = try await Backtest.simulated(catalog: .bundled, days: 2, end: TestClock.daytime, stepMinutes: 60)
            .rows
        #expect(rows.map(\.minutes) == Backtest.horizons)
        #expect(rows.first { $0.minutes == 30 }!.ratioToPersistence < 1)
        #expect(Backtest.render(rows).split(separator: "\n").count == 7)
    }
}
