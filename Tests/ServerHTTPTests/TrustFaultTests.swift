import Foundation
import Models
import Networking
import ServerFaults
import TestFixtures
import TestSupport
import Testing

/// The trust faults the fault matrix drives through the server binary: refused proofs and a skewed server clock.
@Suite(.serialized) struct TrustFaultTests {
    @Test func specsParse() throws {
        let faults = try FaultSettings(parsing: "reject-proofs,clock-skew=-600")
        #expect(faults.rejectProofs)
        #expect(faults.clockSkewSeconds == -600)
        #expect(throws: FaultSpecError.self) { try FaultSettings(parsing: "clock-skew=soon") }
    }

    @Test func refusedProofsFallBackOnlyWhileUnsignedReadsAreAllowed() async throws {
        let lenient = try await TestBackend.start { $0.faults.rejectProofs = true }
        defer { Task { await lenient.stop() } }
        // Room for a machine loaded by the other suites: the first list read collects every simulated park.
        let client = lenient.client(timeout: .seconds(15))
        _ = try await client.parks()
        #expect(await client.diagnostics.lastRequestSigned == false)

        let strict = try await TestBackend.start {
            $0.faults.rejectProofs = true
            $0.unsignedReadsAllowed = false
        }
        defer { Task { await strict.stop() } }
        await #expect(throws: APIError.self) { _ = try await strict.client(timeout: .seconds(15)).parks() }
        do {
            _ = try await strict.client(timeout: .seconds(15)).parks()
        } catch {
            guard case .unsignedNotAllowed = error else {
                Issue.record("expected unsignedNotAllowed, got \(error)")
                return
            }
        }
    }

    @Test func aServerTenMinutesAheadStillAcceptsSignedReads() async throws {
        let server = try await TestBackend.start {
            $0.faults.clockSkewSeconds = 600
            $0.unsignedReadsAllowed = false
        }
        defer { Task { await server.stop() } }
        let client = server.client()
        let health = try await client.health()
        #expect(abs(health.serverTime.timeIntervalSince(TestClock.now()) - 600) < 5)
        _ = try await client.parks()
        #expect(await client.diagnostics.lastRequestSigned == true)
    }
}
