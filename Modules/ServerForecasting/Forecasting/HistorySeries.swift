import Foundation
import Models
import ServerSources

/// One lot's free spaces on the 5-minute grid, and the buckets that hold a reading (a backtest forecasts from those).
public struct HistorySeries: Sendable {
    public var lot: ParkingLot
    /// The bucket of `free[0]`.
    public var firstBucket: Int
    /// Free spaces per bucket; -1 where nothing is known.
    public var free: [Int32]
    /// Buckets holding a reading as recorded, ascending (between two readings values are interpolated).
    public var readingBuckets: [Int]

    public init(lot: ParkingLot, firstBucket: Int, free: [Int32], readingBuckets: [Int]) {
        self.lot = lot
        self.firstBucket = firstBucket
        self.free = free
        self.readingBuckets = readingBuckets
    }

    /// Free spaces in a bucket, nil when unknown.
    public func value(_ bucket: Int) -> Int? {
        let index = bucket - firstBucket
        guard index >= 0, index < free.count, free[index] >= 0 else { return nil }
        return Int(free[index])
    }
}

/// History as a forecaster made at `asOf` may see it: the series up to that bucket, nothing after.
struct SeriesHistory: HistoryStore {
    let series: [LotID: HistorySeries]
    let asOf: Int

    func record(_ readings: [LotReading]) async throws {}

    func values(lot: LotID, buckets: [Int]) async throws -> [Int: Int] {
        guard let series = series[lot] else { return [:] }
        var out: [Int: Int] = [:]
        for bucket in buckets where bucket <= asOf {
            if let value = series.value(bucket) { out[bucket] = value }
        }
        return out
    }

    func latestBucket(lot: LotID) async throws -> Int? {
        guard let series = series[lot] else { return nil }
        var bucket = min(asOf, series.firstBucket + series.free.count - 1)
        while bucket >= series.firstBucket {
            if series.value(bucket) != nil { return bucket }
            bucket -= 1
        }
        return nil
    }
}

extension HistorySeries {
    /// The catalog's lots' series from a store's readings (``HistoryArchive/allReadings()``); every bucket with a
    /// reading is a reading bucket.
    public static func series(from readings: [(lot: LotID, at: Date, available: Int)], catalog: Catalog)
        -> [HistorySeries]
    {
        var byLot: [LotID: [(bucket: Int, available: Int)]] = [:]
        for reading in readings {
            byLot[reading.lot, default: []].append((TimeSlot.index(of: reading.at), reading.available))
        }
        return catalog.lots.compactMap { lot in
            guard let rows = byLot[lot.id], let first = rows.map(\.bucket).min(), let last = rows.map(\.bucket).max()
            else { return nil }
            var free = [Int32](repeating: -1, count: last - first + 1)
            for row in rows { free[row.bucket - first] = Int32(clamping: row.available) }
            return HistorySeries(
                lot: lot, firstBucket: first, free: free, readingBuckets: rows.map(\.bucket).sorted())
        }
    }
}

extension HistorySeries {
    /// A lot's simulated values over `buckets`, every value a reading (the simulated backtest, benches, tests).
    public static func simulated(_ lot: ParkingLot, model: SimulationModel, buckets: Range<Int>) -> HistorySeries {
        let free = buckets.map { bucket in
            Int32(model.available(lot: lot, at: TimeSlot.start(of: bucket)) ?? -1)
        }
        return HistorySeries(
            lot: lot, firstBucket: buckets.lowerBound, free: free,
            readingBuckets: buckets.filter { free[$0 - buckets.lowerBound] >= 0 })
    }
}
