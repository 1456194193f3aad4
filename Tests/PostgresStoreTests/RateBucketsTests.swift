import BenchmarkSupport
import Foundation
import PostgresStore
import ServerTrust
import TestFixtures
import Testing

/// Rate-limit buckets: the same rule in memory and in PostgreSQL, and in PostgreSQL one bucket for a client who
/// reaches several instances.
@Suite struct RateBucketsTests {
    static let limit = RateLimit(name: "bootstrap-address", capacity: 3, refillPerSecond: 0.5)
    static let now = TestClock.daytime

    /// One instance's view of the buckets of a database, with its own connection pool.
    final class Instance: Sendable {
        let buckets: RateBuckets
        let pooled: PooledDatabase

        init(_ url: String) throws {
            pooled = try PooledDatabase(url)
            let store = PostgresRateBuckets(database: pooled.database)
            buckets = RateBuckets { try await store.take($0, $1, now: $2) }
        }
    }

    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case local, postgres
        var testDescription: String { rawValue }
    }

    func buckets(_ kind: Kind) async throws -> (RateBuckets, Instance?) {
        switch kind {
        case .local: return (.local(), nil)
        case .postgres:
            let instance = try Instance(try await PostgresCluster.shared().createDatabase())
            return (instance.buckets, instance)
        }
    }

    @Test(arguments: Kind.allCases) func aBucketEmptiesRefillsAndBelongsToItsKeyAndLimit(_ kind: Kind) async throws {
        let (buckets, instance) = try await buckets(kind)
        defer { _ = instance }
        let limit = Self.limit
        for _ in 0..<3 { #expect(try await buckets.take(limit, "10.0.0.1", Self.now)) }
        #expect(!(try await buckets.take(limit, "10.0.0.1", Self.now.addingTimeInterval(1))), "empty")
        #expect(try await buckets.take(limit, "10.0.0.2", Self.now), "another address has its own bucket")
        var other = limit
        other.name = "bootstrap-install"
        #expect(try await buckets.take(other, "10.0.0.1", Self.now), "another limit has its own bucket")
        // 0.5 tokens a second: two seconds after the refused call, one token is back, and only one.
        #expect(try await buckets.take(limit, "10.0.0.1", Self.now.addingTimeInterval(3)))
        #expect(!(try await buckets.take(limit, "10.0.0.1", Self.now.addingTimeInterval(3))))
        #expect(
            !(try await buckets.take(limit, "10.0.0.1", Self.now.addingTimeInterval(-60))),
            "a clock behind refills nothing")
    }

    @Test func twoInstancesDrawFromOneBucketEvenAtOnce() async throws {
        let url = try await PostgresCluster.shared().createDatabase()
        let instances = try [Instance(url), Instance(url)]
        let granted = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<12 {
                let buckets = instances[index % 2].buckets
                group.addTask { try await buckets.take(Self.limit, "10.0.0.1", Self.now) }
            }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(granted == Self.limit.capacity, "\(granted) calls allowed across two instances")
    }
}
