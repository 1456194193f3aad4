import BenchmarkSupport
import Foundation
import PostgresStore
import ServerTrust
import TestFixtures
import Testing

/// Root keys kept in PostgreSQL: one first key however many instances start together, and a rotation during which
/// tokens of the old key still verify until the overlap ends.
@Suite struct TokenKeyStoreTests {
    final class Instance: Sendable {
        let keys: PostgresTokenKeys
        let issuer: TokenIssuer
        let pooled: PooledDatabase

        /// An instance whose key ring reads the real clock moved by `offset`.
        init(_ url: String, offset: ClockOffset = ClockOffset()) throws {
            pooled = try PooledDatabase(url)
            let keys = PostgresTokenKeys(database: pooled.database)
            self.keys = keys
            issuer = TokenIssuer(
                lifetime: 3600,
                ring: KeyRing(TokenKeySource { try await keys.load() }, now: { Date() + offset.seconds }))
        }
    }

    @Test func instancesStartingTogetherShareOneFirstKey() async throws {
        let url = try await PostgresCluster.shared().createDatabase()
        let instances = try (0..<4).map { _ in try Instance(url) }
        let loaded = try await withThrowingTaskGroup(of: [String].self) { group in
            for instance in instances { group.addTask { try await instance.keys.load().keys.map(\.id) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(loaded).count == 1 && loaded[0].count == 1, "\(loaded)")
        let listed = try await instances[0].keys.list()
        #expect(listed.map(\.id) == loaded[0] && listed[0].retireAt == nil)
    }

    @Test func aRotatedKeySignsAndTheOldOneVerifiesUntilTheOverlapEnds() async throws {
        let url = try await PostgresCluster.shared().createDatabase()
        let later = ClockOffset()
        let a = try Instance(url, offset: later)
        let b = try Instance(url)
        let now = Date()
        let old = try await a.issuer.issue(now: now)
        #expect(try await b.issuer.grant(token: old.token) != nil, "b loads the key a created")

        let rotated = ContinuousClock.now
        let newId = try await b.keys.rotate(overlap: 3)
        try await b.issuer.ring.reload()
        let fresh = try await b.issuer.issue(now: now)
        #expect(fresh.token.hasPrefix("hjt_\(newId)."))
        #expect(try await b.issuer.grant(token: old.token) != nil, "the old key verifies during the overlap")
        // a has not reloaded yet: it learns the new key when a token names it, a second after its last load.
        later.seconds = 1.1
        #expect(try await a.issuer.grant(token: fresh.token) != nil)
        let listed = try await a.keys.list()
        #expect(listed.map(\.id).first == newId && listed.count == 2)
        #expect(listed[0].retireAt == nil && listed[1].retireAt != nil)

        // PostgreSQL's clock retires it: a reloads until it is gone, which is three seconds after the rotation.
        var retired = false
        while !retired, ContinuousClock.now - rotated < .seconds(15) {
            try await a.issuer.ring.reload()
            retired = try await a.issuer.grant(token: old.token) == nil
            if !retired { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(retired, "retired after the overlap")
        #expect(ContinuousClock.now - rotated >= .seconds(2.5), "not before the overlap ends")
        #expect(try await a.issuer.grant(token: fresh.token) != nil)
    }
}
