import Foundation
import Models

/// Recorded history read from CSV (`lot_id,capacity,occupied,observed_at`, as `history export` writes it) and
/// cleaned the way real recordings need: duplicates, negative or impossible counts, irregular times, missing days
/// and lots with too few days. Lots the catalog does not know are lots of their own, open all day.
public struct RecordedHistory: Sendable {
    /// Cleaned lots, each on the 5-minute grid.
    public var series: [HistorySeries]
    /// The recording's local calendar (its most common offset; Seoul's holidays for +09:00).
    public var calendar: ForecastCalendar
    /// What cleaning dropped or changed.
    public var report: CleaningReport

    /// A lot needs readings on this many days: a week to learn from, and a day to score.
    public static let minimumDays = 8
    /// Occupied up to this share of capacity is a full lot; beyond it, a broken counter.
    static let plausibleOverfill = 1.2
    /// Between two readings at most this far apart, values are interpolated onto the grid.
    static let maximumGap: (floor: Int, ceiling: Int) = (600, 5400)

    /// A problem that stops reading altogether (a bad row is dropped and counted instead).
    public enum Failure: Error, CustomStringConvertible, Equatable {
        case unreadable(String)
        case noUsableRows(CleaningReport)

        public var description: String {
            switch self {
            case .unreadable(let reason): "cannot read the history: \(reason)"
            case .noUsableRows(let report):
                "no lot has \(RecordedHistory.minimumDays) days of usable readings\n\(report.render())"
            }
        }
    }

    private struct Row {
        var capacity: Int
        var occupied: Int
        var seconds: Int
    }

    /// Reads and cleans CSV text.
    public static func parse(_ text: String, catalog: Catalog) throws -> RecordedHistory {
        var report = CleaningReport()
        var lines = text.split(omittingEmptySubsequences: true) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }[...]
        var columns = (lot: 0, capacity: 1, occupied: 2, time: 3)
        if let first = lines.first {
            let names = first.split(separator: ",", omittingEmptySubsequences: false).map(Self.field).map {
                $0.lowercased()
            }
            let found = HistoryCSV.columns.compactMap { names.firstIndex(of: $0) }
            if found.count == 4 {
                columns = (found[0], found[1], found[2], found[3])
                lines = lines.dropFirst()
            } else if Int(names.count > 1 ? names[1] : "") == nil {
                lines = lines.dropFirst()  // another header: columns by position
            }
        }
        let width = max(columns.lot, columns.capacity, columns.occupied, columns.time) + 1
        var rowsByLot: [String: [Row]] = [:]
        var offsets: [Int: Int] = [:]
        for line in lines {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(Self.field)
            guard !fields.allSatisfy(\.isEmpty) else { continue }
            report.rows += 1
            guard fields.count >= width, !fields[columns.lot].isEmpty,
                let capacity = Int(fields[columns.capacity]), let occupied = Int(fields[columns.occupied]),
                let time = RecordedTimestamp(fields[columns.time][...])
            else {
                report.drop(.malformed)
                continue
            }
            guard capacity > 0 else {
                report.drop(.noCapacity)
                continue
            }
            guard occupied >= 0 else {
                report.drop(.negativeCount)
                continue
            }
            guard Double(occupied) <= Double(capacity) * plausibleOverfill else {
                report.drop(.implausibleCount)
                continue
            }
            if occupied > capacity { report.clippedToCapacity += 1 }
            offsets[time.offsetSeconds ?? 0, default: 0] += 1
            rowsByLot[fields[columns.lot], default: []].append(
                Row(
                    capacity: capacity, occupied: min(occupied, capacity),
                    seconds: Int(time.date.timeIntervalSince1970.rounded(.down))))
        }
        let offset = offsets.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key ?? 0
        let calendar = ForecastCalendar.recorded(offsetSeconds: offset)
        var series: [HistorySeries] = []
        for id in rowsByLot.keys.sorted() {
            let rows = deduplicate(rowsByLot[id]!, report: &report)
            let days = Set(rows.map { calendar.dayNumber(ofBucket: $0.seconds / TimeSlot.seconds) })
            guard days.count >= minimumDays else {
                report.drop(.fewDays, rows.count)
                report.lotsDropped.append(id)
                continue
            }
            report.missingDays += days.max()! - days.min()! + 1 - days.count
            if Set(rows.map(\.capacity)).count > 1 { report.capacityChanges.append(id) }
            series.append(grid(id: id, rows: rows, catalog: catalog, report: &report))
        }
        report.lotsKept = series.count
        guard !series.isEmpty else { throw Failure.noUsableRows(report) }
        return RecordedHistory(series: series, calendar: calendar, report: report)
    }

    /// Reads and cleans a CSV file.
    public static func read(path: String, catalog: Catalog) throws -> RecordedHistory {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Failure.unreadable("\(path): no such file or not readable")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw Failure.unreadable("\(path) is not UTF-8 text")
        }
        return try parse(text, catalog: catalog)
    }

    private static func field(_ raw: Substring) -> String {
        var text = raw.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") { text = String(text.dropFirst().dropLast()) }
        return text
    }

    /// One row per time: exact repeats dropped, conflicting ones dropped altogether; sorted by time.
    private static func deduplicate(_ rows: [Row], report: inout CleaningReport) -> [Row] {
        var byTime: [Int: [Row]] = [:]
        for row in rows { byTime[row.seconds, default: []].append(row) }
        var out: [Row] = []
        for (_, group) in byTime {
            if group.count == 1 {
                out.append(group[0])
                continue
            }
            if group.allSatisfy({ $0.occupied == group[0].occupied && $0.capacity == group[0].capacity }) {
                report.drop(.duplicate, group.count - 1)
                out.append(group[0])
            } else {
                report.drop(.conflictingDuplicate, group.count)
            }
        }
        return out.sorted { $0.seconds < $1.seconds }
    }

    /// The lot's rows on the 5-minute grid: each reading in its bucket (the latest of a bucket wins), values
    /// between two readings close enough in time interpolated.
    private static func grid(id: String, rows: [Row], catalog: Catalog, report: inout CleaningReport) -> HistorySeries {
        var readings: [(bucket: Int, seconds: Int, free: Int)] = []
        for row in rows {
            let bucket = row.seconds / TimeSlot.seconds
            if row.seconds % 300 != 0 { report.offGrid += 1 }
            if let last = readings.last, last.bucket == bucket {
                report.drop(.sameBin)
                readings.removeLast()
            }
            readings.append((bucket, row.seconds, row.capacity - row.occupied))
        }
        let gaps = zip(readings.dropFirst(), readings).map { $0.seconds - $1.seconds }.sorted()
        let typical = gaps.isEmpty ? 300 : gaps[gaps.count / 2]
        let maximumGap = min(maximumGap.ceiling, max(maximumGap.floor, typical * 5 / 2))
        let first = readings.first!.bucket
        let last = readings.last!.bucket
        var free = [Int32](repeating: -1, count: last - first + 1)
        for (a, b) in zip(readings, readings.dropFirst())
        where b.seconds - a.seconds <= maximumGap && b.bucket > a.bucket + 1 {
            for bucket in (a.bucket + 1)..<b.bucket {
                let share = Double(bucket * TimeSlot.seconds - a.seconds) / Double(b.seconds - a.seconds)
                free[bucket - first] = Int32((Double(a.free) + share * Double(b.free - a.free)).rounded())
            }
        }
        for reading in readings { free[reading.bucket - first] = Int32(reading.free) }
        let capacity = rows.last!.capacity
        let lot =
            catalog.lot(LotID(rawValue: id))
            ?? ParkingLot(
                id: LotID(rawValue: id), parkId: ParkID(rawValue: "recorded"), nameKo: id, nameEn: id,
                coordinate: Coordinate(lat: 0, lon: 0), capacity: capacity,
                hours: OpeningHours(open: "00:00", close: "24:00"),
                fees: Fees(basicMinutes: 0, basicCharge: 0, additionalUnitMinutes: 0, additionalCharge: 0))
        return HistorySeries(lot: lot, firstBucket: first, free: free, readingBuckets: readings.map(\.bucket))
    }
}
