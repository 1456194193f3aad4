import Foundation
import Models
import Testing

@testable import ServerForecasting

/// Recorded history CSV as real recordings come: each fault cleaned, counted and named.
struct RecordedHistoryTests {
    /// `days` days of readings at the given local times (minutes after midnight) for one lot, +01:00.
    static func lines(
        lot: String = "CITY-1", capacity: Int = 100, days: Int = 9, minutes: [Int] = [480, 510, 540],
        occupied: (Int, Int) -> Int = { _, m in m / 10 - 40 }
    ) -> [String] {
        (0..<days).flatMap { day in
            minutes.map { minute in
                let date = Date(
                    timeIntervalSince1970: Double(
                        SeoulTime.dayNumber(year: 2026, month: 9, day: 7 + day) * 86_400 + minute * 60 - 3600))
                return "\(lot),\(capacity),\(occupied(day, minute)),\(ISO8601.format(date, offsetSeconds: 3600))"
            }
        }
    }

    static func parse(_ lines: [String], header: String? = HistoryCSV.header) throws -> RecordedHistory {
        try RecordedHistory.parse(([header].compactMap { $0 } + lines).joined(separator: "\n"), catalog: .bundled)
    }

    @Test func cleanRecordingKeepsEveryRowOnTheGrid() throws {
        let history = try Self.parse(Self.lines())
        #expect(history.report.rows == 27)
        #expect(history.report.kept == 27)
        #expect(history.report.dropped.isEmpty)
        #expect(history.series.count == 1)
        let series = history.series[0]
        #expect(series.readingBuckets.count == 27)
        // 08:00 local is 07:00 UTC; occupied 8 of 100 → 92 free; between 08:00 and 08:30 values are interpolated.
        let eight = series.readingBuckets[0]
        #expect(series.value(eight) == 92)
        #expect(series.value(eight + 6) == 89)
        #expect(series.value(eight + 3) == 91)  // 90.5 rounded up
        #expect(history.calendar.offsetSeconds == 3600)
    }

    @Test func duplicatesAreDroppedAndConflictsDroppedAltogether() throws {
        var lines = Self.lines()
        lines.append(lines[0])  // an exact repeat
        let parts = lines[1].split(separator: ",")
        lines.append("\(parts[0]),\(parts[1]),77,\(parts[3])")  // the same time, another count
        let history = try Self.parse(lines)
        #expect(history.report.dropped[.duplicate] == 1)
        #expect(history.report.dropped[.conflictingDuplicate] == 2)
        #expect(history.series[0].readingBuckets.count == 26)
    }

    @Test func impossibleCountsAreDroppedAndOverfullKeptAsFull() throws {
        var lines = Self.lines()
        lines.append(contentsOf: Self.lines(days: 1, minutes: [600], occupied: { _, _ in -3 }))
        lines.append(contentsOf: Self.lines(days: 1, minutes: [630], occupied: { _, _ in 104 }))
        lines.append(contentsOf: Self.lines(days: 1, minutes: [660], occupied: { _, _ in 250 }))
        lines.append(contentsOf: Self.lines(capacity: 0, days: 1, minutes: [690]))
        let history = try Self.parse(lines)
        #expect(history.report.dropped[.negativeCount] == 1)
        #expect(history.report.dropped[.implausibleCount] == 1)
        #expect(history.report.dropped[.noCapacity] == 1)
        #expect(history.report.clippedToCapacity == 1)
        let series = history.series[0]
        #expect(series.value(series.readingBuckets.first { series.value($0) == 0 }!) == 0)
    }

    @Test func malformedLinesAreCountedNotFatal() throws {
        var lines = Self.lines()
        lines += [
            "CITY-1,100,", "CITY-1,100,abc,2026-09-08T08:00:00+01:00", "CITY-1,100,5,yesterday",
            ",100,5,2026-09-08T08:00:00+01:00",
        ]
        let history = try Self.parse(lines)
        #expect(history.report.dropped[.malformed] == 4)
        #expect(history.report.kept == 27)
    }

    @Test func irregularTimesAreBinnedAndTheLatestOfABinWins() throws {
        let lines = Self.lines(minutes: [482, 484, 513, 539])
        let history = try Self.parse(lines)
        #expect(history.report.offGrid == 36)
        #expect(history.report.dropped[.sameBin] == 9)  // 08:02 and 08:04 share a bin
        let series = history.series[0]
        #expect(series.readingBuckets.count == 27)
        #expect(series.value(series.readingBuckets[0]) == 100 - (484 / 10 - 40))
    }

    @Test func lotsWithFewDaysAreDroppedByName() throws {
        let lines = Self.lines() + Self.lines(lot: "CITY-SHORT", days: 3)
        let history = try Self.parse(lines)
        #expect(history.report.lotsDropped == ["CITY-SHORT"])
        #expect(history.report.dropped[.fewDays] == 9)
        #expect(history.series.map(\.lot.id.rawValue) == ["CITY-1"])
        #expect(history.report.render().contains("dropped 9 few-days (CITY-SHORT)"))
    }

    @Test func missingDaysAreCountedAndLeftEmpty() throws {
        let lines = Self.lines(days: 12).filter { !$0.contains("2026-09-10") && !$0.contains("2026-09-11") }
        let history = try Self.parse(lines)
        #expect(history.report.missingDays == 2)
        let series = history.series[0]
        // No interpolation across missing days.
        let day = SeoulTime.dayNumber(year: 2026, month: 9, day: 10)
        #expect(series.value((day * 86_400 + 8 * 3600) / 300) == nil)
    }

    @Test func noUsableLotIsAnErrorThatSaysWhy() throws {
        #expect(throws: RecordedHistory.Failure.self) { try Self.parse(Self.lines(days: 2)) }
        do {
            _ = try Self.parse(Self.lines(days: 2))
        } catch {
            #expect("\(error)".contains("no lot has 8 days of usable readings"))
        }
    }

    @Test func unknownLotsAreLotsOfTheirOwnAndCatalogLotsKeepTheirHours() throws {
        let lines = Self.lines(lot: "CITY-X", capacity: 321) + Self.lines(lot: "yeouido-1", capacity: 785)
        let history = try Self.parse(lines)
        let unknown = history.series.first { $0.lot.id == "CITY-X" }!
        #expect(unknown.lot.capacity == 321)
        #expect(unknown.lot.hours.isOpen(atMinuteOfDay: 180))
        #expect(history.series.first { $0.lot.id == "yeouido-1" }?.lot == Catalog.bundled.lot("yeouido-1"))
    }

    @Test func headersInAnotherOrderOrNamesAndTimesWithoutOffsetAreRead() throws {
        let reordered = Self.lines().map { line -> String in
            let f = line.split(separator: ",")
            return "\(f[3]),\(f[0]),\(f[2]),\(f[1])"
        }
        let history = try Self.parse(reordered, header: "observed_at,lot_id,occupied,capacity")
        #expect(history.report.kept == 27)
        // Another system's header, times without an offset (read as local time) and CRLF line ends.
        let naive = Self.lines().map {
            $0.replacingOccurrences(of: "T0", with: " 0").replacingOccurrences(of: "+01:00", with: "")
        }
        let text = (["SystemCodeNumber,Capacity,Occupancy,LastUpdated"] + naive).joined(separator: "\r\n")
        let other = try RecordedHistory.parse(text, catalog: .bundled)
        #expect(other.report.kept == 27)
        #expect(other.calendar.offsetSeconds == 0)
    }

    @Test func seoulRecordingsUseSeoulHolidays() throws {
        let text =
            HistoryCSV.header + "\n"
            + Self.lines().map { $0.replacingOccurrences(of: "+01:00", with: "+09:00") }.joined(separator: "\n")
        let history = try RecordedHistory.parse(text, catalog: .bundled)
        // 2026-09-24 is 추석 (Chuseok), a Thursday.
        let chuseok = (SeoulTime.dayNumber(year: 2026, month: 9, day: 24) * 86_400 + 3 * 3600) / 300
        #expect(history.calendar.kind(ofBucket: chuseok) == .sundayOrHoliday)
        #expect(ForecastCalendar.recorded(offsetSeconds: 0).kind(ofBucket: chuseok) == .working)
    }

    @Test func timestampsInTheShapesRecordingsUse() {
        #expect(RecordedTimestamp("2026-09-07T08:30:00+01:00")?.date == ISO8601.parse("2026-09-07T07:30:00Z"))
        #expect(RecordedTimestamp("2026-09-07 08:30:00Z")?.offsetSeconds == 0)
        #expect(RecordedTimestamp("2026-09-07T08:30-0130")?.offsetSeconds == -5400)
        #expect(RecordedTimestamp("2016-10-04 07:59:42.5")?.offsetSeconds == nil)
        #expect(
            RecordedTimestamp("2016-10-04 07:59:42.5")?.date.timeIntervalSince1970 == ISO8601.parse(
                "2016-10-04T07:59:42Z")!.timeIntervalSince1970 + 0.5)
        for bad in [
            "2026-02-30T08:00:00Z", "2026-09-07", "2026-09-07T25:00Z", "2026-09-07T08:30:00+01",
            "2026-09-07T08:30:00 junk",
        ] {
            #expect(RecordedTimestamp(bad[...]) == nil, "\(bad)")
        }
    }
}
