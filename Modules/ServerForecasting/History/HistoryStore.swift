import Foundation
import Models
import ServerSources
import Synchronization

/// Past lot counts at 5-minute resolution, for forecasts. Behind a protocol so a shared store can replace it.
public protocol HistoryStore: Sendable {
    /// Records readings (each in the bucket of its observation time); unknown counts are not recorded.
    func record(_ readings: [LotReading]) async throws
    /// The recorded counts of a lot in the given buckets (missing buckets are absent).
    func values(lot: LotID, buckets: [Int]) async throws -> [Int: Int]
    /// The newest bucket recorded for a lot.
    func latestBucket(lot: LotID) async throws -> Int?
}

/// A store that keeps what it records and can hand all of it back (`history export`), unlike a view of a series.
public protocol HistoryArchive: HistoryStore {
    /// Every recorded reading, oldest first (then by lot): lot, the start of its 5-minute bucket, free spaces.
    func allReadings() async throws -> [(lot: LotID, at: Date, available: Int)]
}

/// History in memory: per lot, a ring of 5-minute buckets covering `days` days.
public final class MemoryHistoryStore: HistoryArchive {
    private struct Ring {
        var firstBucket: Int
        var values: [Int16]  // -1 = nothing recorded
    }

    private let capacity: Int
    private let rings = Mutex<[LotID: Ring]>([:])
    let forecastModel = Mutex<Data?>(nil)

    public init(days: Int = 35) {
        capacity = days * TimeSlot.perDay
    }

    public func record(_ readings: [LotReading]) async throws {
        rings.withLock { rings in
            for reading in readings {
                guard let available = reading.available else { continue }
                let bucket = TimeSlot.index(of: reading.observedAt)
                var ring =
                    rings[reading.lotId]
                    ?? Ring(firstBucket: bucket - capacity + 1, values: Array(repeating: -1, count: capacity))
                if bucket >= ring.firstBucket + capacity {
                    // Move the window forward, forgetting the oldest buckets.
                    let shift = bucket - (ring.firstBucket + capacity - 1)
                    for b in ring.firstBucket..<(ring.firstBucket + min(shift, capacity)) {
                        ring.values[Self.slot(b, capacity)] = -1
                    }
                    ring.firstBucket += shift
                }
                if bucket >= ring.firstBucket {
                    ring.values[Self.slot(bucket, capacity)] = Int16(clamping: available)
                }
                rings[reading.lotId] = ring
            }
        }
    }

    public func values(lot: LotID, buckets: [Int]) async throws -> [Int: Int] {
        rings.withLock { rings in
            guard let ring = rings[lot] else { return [:] }
            var out: [Int: Int] = [:]
            for bucket in buckets where bucket >= ring.firstBucket && bucket < ring.firstBucket + capacity {
                let value = ring.values[Self.slot(bucket, capacity)]
                if value >= 0 { out[bucket] = Int(value) }
            }
            return out
        }
    }

    public func latestBucket(lot: LotID) async throws -> Int? {
        rings.withLock { rings in
            guard let ring = rings[lot] else { return nil }
            for bucket in stride(from: ring.firstBucket + capacity - 1, through: ring.firstBucket, by: -1)
            where ring.values[Self.slot(bucket, capacity)] >= 0 {
                return bucket
            }
            return nil
        }
    }

    public func allReadings() async throws -> [(lot: LotID, at: Date, available: Int)] {
        let rings = self.rings.withLock { $0 }
        // Built in order (by bucket, then lot) into one array: a training reads this while the server serves, and
        // a copy to sort would double what it holds meanwhile.
        let lots = rings.keys.sorted { $0.rawValue < $1.rawValue }
        guard let first = rings.values.map(\.firstBucket).min(), let last = rings.values.map(\.firstBucket).max()
        else { return [] }
        var out: [(lot: LotID, at: Date, available: Int)] = []
        out.reserveCapacity(rings.values.reduce(0) { $0 + $1.values.count { $0 >= 0 } })
        for bucket in first..<(last + capacity) {
            for lot in lots {
                let ring = rings[lot]!
                guard (ring.firstBucket..<(ring.firstBucket + capacity)).contains(bucket) else { continue }
                let value = ring.values[Self.slot(bucket, capacity)]
                if value >= 0 { out.append((lot, TimeSlot.start(of: bucket), Int(value))) }
            }
        }
        return out
    }

    private static func slot(_ bucket: Int, _ capacity: Int) -> Int { ((bucket % capacity) + capacity) % capacity }
}
