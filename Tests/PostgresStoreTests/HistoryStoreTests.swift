import Foundation
import Models
import PostgresStore
import ServerForecasting
import ServerSources
import TestFixtures
import TestSupport
import Testing

/// What every history store promises, run against memory, SQLite and PostgreSQL alike.
@Suite struct HistoryStoreTests {
    static let lot = LotID("yeouido-1")
    static let other = LotID("banpo-1")
    /// 2026-11-23 14:00 in Seoul.
    static let now = TimeSlot.index(of: TestClock.daytime)

    @Test(arguments: StoreKind.allCases) func readingsComeBackByBucketAndUnknownCountsAreNotRecorded(
        _ kind: StoreKind
    ) async throws {
        let store = try await StoreUnderTest(kind)
        defer { store.close() }
        let history = store.history
        #expect(try await history.latestBucket(lot: Self.lot) == nil)
        try await history.record(
            readings(Self.lot, [(Self.now - 2, 40), (Self.now - 1, nil), (Self.now, 37)])
                + readings(Self.other, [(Self.now, 5)]))
        let values = try await history.values(lot: Self.lot, buckets: Array((Self.now - 3)...(Self.now + 1)))
        #expect(values == [Self.now - 2: 40, Self.now: 37])
        #expect(try await history.latestBucket(lot: Self.lot) == Self.now)
        #expect(try await history.values(lot: Self.other, buckets: []) == [:])
        #expect(try await history.values(lot: LotID("nowhere"), buckets: [Self.now]) == [:])
    }

    @Test(arguments: StoreKind.allCases) func aReadingRecordedTwiceIsOneReadingAndTheLastCountWins(
        _ kind: StoreKind
    ) async throws {
        let store = try await StoreUnderTest(kind)
        defer { store.close() }
        // One batch with the same bucket twice, then the same bucket again from a second round.
        try await store.history.record(readings(Self.lot, [(Self.now, 10), (Self.now, 11)]))
        try await store.history.record(readings(Self.lot, [(Self.now, 12)]) + readings(Self.other, [(Self.now, 3)]))
        let all = try await store.history.allReadings()
        #expect(all.map(\.lot) == [Self.other, Self.lot], "oldest first, then by lot")
        #expect(all.map(\.available) == [3, 12])
        #expect(all.map(\.at) == [TimeSlot.start(of: Self.now), TimeSlot.start(of: Self.now)])
    }

    @Test(arguments: StoreKind.allCases) func fiveWeeksAreKept(_ kind: StoreKind) async throws {
        let store = try await StoreUnderTest(kind)
        defer { store.close() }
        let day = TimeSlot.perDay
        try await store.history.record(readings(Self.lot, [(Self.now - 36 * day, 1), (Self.now - 34 * day, 2)]))
        try await store.history.record(readings(Self.lot, [(Self.now, 3)]))
        let kept = try await store.history.values(
            lot: Self.lot, buckets: [Self.now - 36 * day, Self.now - 34 * day, Self.now])
        #expect(kept == [Self.now - 34 * day: 2, Self.now: 3])
    }

    @Test(arguments: StoreKind.allCases.filter(\.persists)) func aRestartedServerFindsItsHistory(
        _ kind: StoreKind
    ) async throws {
        let store = try await StoreUnderTest(kind)
        defer { store.close() }
        try await store.history.record(readings(Self.lot, [(Self.now - 1, 20), (Self.now, 21)]))
        let reopened = try #require(try store.reopen())
        #expect(
            try await reopened.values(lot: Self.lot, buckets: [Self.now - 1, Self.now]) == [
                Self.now - 1: 20, Self.now: 21,
            ])
        #expect(try await reopened.latestBucket(lot: Self.lot) == Self.now)
    }

    @Test(arguments: StoreKind.allCases.filter(\.persists)) func twoWritersOfTheSameReadingsLeaveOneRowEach(
        _ kind: StoreKind
    ) async throws {
        let store = try await StoreUnderTest(kind)
        defer { store.close() }
        let second = try #require(try store.reopen())
        let batch = readings(Self.lot, (0..<TimeSlot.perDay).map { (Self.now - $0, $0 % 50) })
        async let a: Void = store.history.record(batch)
        async let b: Void = second.record(batch)
        _ = try await (a, b)
        let all = try await store.history.allReadings()
        #expect(all.count == TimeSlot.perDay)
        #expect(Set(all.map(\.at)).count == TimeSlot.perDay)
    }
}
