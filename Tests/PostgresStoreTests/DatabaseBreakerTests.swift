import BenchmarkSupport
import Foundation
import Logging
import ServerTrust
import TestSupport
import Testing

@testable import PostgresStore

/// A database that stopped answering is not asked by every request: one waits out the deadline, the rest fail at
/// once, and a probe of the breaker's own, at most once a second, finds out whether it is back.
@Suite struct DatabaseBreakerTests {
    static let limit = RateLimit(name: "bootstrap-address", capacity: 20, refillPerSecond: 0.5)

    /// Rate buckets on the database at `url` with a one-second deadline, and its running pool.
    static func buckets(_ url: String) throws -> (PostgresRateBuckets, Task<Void, Never>) {
        let database = PostgresDatabase(url: try DatabaseURL(url), logger: Logger(label: "test"), timeout: .seconds(1))
        return (PostgresRateBuckets(database: database), Task { await database.run() })
    }

    @Test func afterAFailureOperationsAreRefusedWhileOneProbeASecondAsksAndAnAnswerClosesIt() {
        let breaker = DatabaseBreaker(cooldown: .seconds(1))
        let start = ContinuousClock.now
        #expect(breaker.admit(now: start) == .send)
        breaker.settle(unreachable: true, now: start)
        #expect(breaker.admit(now: start + .milliseconds(500)) == .refuse(unreachableForSeconds: 0, probe: false))
        // After the cooldown, the refused caller starts the probe; nobody else does while it is out.
        #expect(breaker.admit(now: start + .seconds(1)) == .refuse(unreachableForSeconds: 1, probe: true))
        #expect(breaker.admit(now: start + .seconds(2)) == .refuse(unreachableForSeconds: 2, probe: false))
        // The probe fails: the next one a cooldown later, still counting from the first failure.
        breaker.settle(unreachable: true, now: start + .seconds(3), probe: true)
        #expect(breaker.admit(now: start + .milliseconds(3500)) == .refuse(unreachableForSeconds: 3, probe: false))
        #expect(breaker.admit(now: start + .seconds(4)) == .refuse(unreachableForSeconds: 4, probe: true))
        // It answers: every operation is sent again.
        breaker.settle(unreachable: false, now: start + .seconds(4), probe: true)
        #expect(breaker.admit(now: start + .seconds(4)) == .send)
        #expect(breaker.admit(now: start + .seconds(4)) == .send)
    }

    @Test func aQueryTheDatabaseRefusedIsAnAnswer() {
        #expect(DatabaseBreaker.isUnreachable(PostgresStoreError.noAnswer(seconds: 5)))
        #expect(!DatabaseBreaker.isUnreachable(PostgresStoreError.bucketUnanswered))
        let breaker = DatabaseBreaker()
        breaker.settle(unreachable: false, now: .now)
        #expect(breaker.admit(now: .now) == .send)
    }

    @Test func withTheDatabaseDownOnlyTheFirstOperationWaitsOutTheDeadline() async throws {
        let url = "postgres://hangangjari:secret@127.0.0.1:\(try LoopbackPort.free())/hangangjari?sslmode=disable"
        let (buckets, pool) = try Self.buckets(url)
        defer { pool.cancel() }
        let first = ContinuousClock.now
        await #expect(throws: PostgresStoreError.noAnswer(seconds: 1)) {
            _ = try await buckets.take(Self.limit, "203.0.113.9", now: Date())
        }
        #expect(ContinuousClock.now - first >= .seconds(1))
        let next = ContinuousClock.now
        for _ in 0..<20 {
            await #expect(throws: PostgresStoreError.unreachable(seconds: 0)) {
                _ = try await buckets.take(Self.limit, "203.0.113.9", now: Date())
            }
        }
        #expect(ContinuousClock.now - next < .milliseconds(200), "20 refusals took \(ContinuousClock.now - next)")
    }

    @Test func aDatabaseThatComesBackIsAskedAgainWithoutARequestWaitingForIt() async throws {
        let cluster = try await PostgresCluster.shared()
        let port = try LoopbackPort.free()
        let url = try await cluster.createDatabase().replacingOccurrences(of: ":\(cluster.port)/", with: ":\(port)/")
        let (buckets, pool) = try Self.buckets(url)
        defer { pool.cancel() }
        await #expect(throws: PostgresStoreError.noAnswer(seconds: 1)) {
            _ = try await buckets.take(Self.limit, "203.0.113.9", now: Date())
        }
        // The database comes back on the port the URL names.
        let relay = try TCPRelay(from: port, to: cluster.port)
        defer { relay.stop() }
        let back = ContinuousClock.now
        var answered: Bool?
        var refusals: [Duration] = []
        while answered == nil, ContinuousClock.now - back < .seconds(60) {  // a failure bound only
            let started = ContinuousClock.now
            do {
                answered = try await buckets.take(Self.limit, "203.0.113.9", now: Date())
            } catch PostgresStoreError.unreachable {
                refusals.append(ContinuousClock.now - started)
            } catch {}  // a call sent as the database came back (the schema migrating) may still time out
            try await Task.sleep(for: .milliseconds(50))
        }
        // Refused calls never waited for the database; the probe did, in the background.
        #expect(!refusals.isEmpty && refusals.allSatisfy { $0 < .milliseconds(500) }, "\(refusals)")
        #expect(answered == true, "no answer \(ContinuousClock.now - back) after the database came back")
    }
}

/// Bootstrap with the database down, through the real server: the first call waits out the deadline, the next ones
/// are answered at once from this instance's own buckets, which still refuse a flood.
@Suite struct BootstrapWhileTheDatabaseIsDownTests {
    @Test func onlyTheFirstBootstrapWaitsAndTheBurstStillHolds() async throws {
        let port = try LoopbackPort.free()
        let backend = try await TestBackend.start(
            shared: .postgres(
                try DatabaseURL("postgres://hangangjari:secret@127.0.0.1:\(port)/hangangjari?sslmode=disable"),
                collectionInterval: .seconds(60), timeout: .seconds(3), logger: Logger(label: "test"))
        ) {
            $0.tokenKeys = try? TokenKeys(parsing: TokenKeys.randomSetting())  // the access keys are not the database's
            $0.bootstrapBurst = 20
            $0.bootstrapRefillPerSecond = 0
        }
        defer { Task { await backend.stop() } }
        var statuses: [Int] = []
        var waits: [Duration] = []
        for _ in 0..<25 {
            let started = ContinuousClock.now
            statuses.append(try await SignedSession.bootstrapResponse(backend.baseURL).status)
            waits.append(ContinuousClock.now - started)
        }
        // The burst is counted on this instance.
        #expect(statuses == Array(repeating: 200, count: 20) + Array(repeating: 429, count: 5))
        // Asked every time, the database would make each wait out its three seconds; only the first one did.
        #expect(waits.filter { $0 >= .seconds(3) }.count <= 1, "\(waits)")
    }
}
