import CurlHTTP
import Foundation
import Models
import ReferenceServer
import RequestProof
import TestFixtures
import TestSupport
import Testing

/// Forged, expired, replayed and skewed proofs are refused with the right codes.
@Suite(.serialized) struct TrustTests {
    struct Session {
        let server: TestBackend
        let client: SignedSession
        var grant: BootstrapResponse { client.grant }

        func send(
            _ path: String, method: HTTPMethod = .get, body: Data? = nil,
            tamper: (inout [(name: String, value: String)]) -> Void = { _ in },
            created: Int? = nil, nonce: String = randomHex(bytes: 8), secret: String? = nil
        ) async throws -> HTTPResponse {
            try await client.send(
                path, method: method, body: body, tamper: tamper, created: created, nonce: nonce, secret: secret)
        }
    }

    func session(_ configure: (inout ServerConfiguration) -> Void = { _ in }) async throws -> Session {
        let server = try await TestBackend.start(configure)
        return Session(server: server, client: try await SignedSession.bootstrap(server.baseURL))
    }

    func code(_ response: HTTPResponse) -> String? { SignedSession.code(response) }

    @Test func validProofIsAccepted() async throws {
        let s = try await session { $0.unsignedReadsAllowed = false }
        defer { Task { await s.server.stop() } }
        #expect(try await s.send("/v2/parks/yeouido/home-summary").status == 200)
    }

    @Test func forgedSignatureIsRefused() async throws {
        let s = try await session()
        defer { Task { await s.server.stop() } }
        let response = try await s.send(
            "/v2/parks/yeouido/home-summary", secret: Data(repeating: 1, count: 32).base64EncodedString())
        #expect(response.status == 401)
        #expect(code(response) == "proof_invalid")
    }

    @Test func proofForAnotherTargetIsRefused() async throws {
        let s = try await session()
        defer { Task { await s.server.stop() } }
        let signed = try await s.send("/v2/parks/yeouido/parking") { headers in
            // Keep the proof but ask for another park.
            _ = headers
        }
        #expect(signed.status == 200)
        let signer = try HMACSigner(base64Secret: s.grant.signingKey.secret)
        let proof = try RequestProof.sign(
            method: "GET", targetURI: s.server.baseURL + "/v2/parks/banpo/parking", body: nil,
            keyId: s.grant.signingKey.keyId, signer: signer, created: Int(TestClock.now().timeIntervalSince1970),
            nonce: "n-other")
        let response = try await TestBackend.curl.send(
            HTTPRequest(
                url: s.server.baseURL + "/v2/parks/yeouido/parking",
                headers: [
                    ("Authorization", "Bearer \(s.grant.accessToken)"), ("Signature-Input", proof.signatureInput),
                    ("Signature", proof.signature),
                ], deadline: Date().addingTimeInterval(5)))
        #expect(code(response) == "proof_invalid")
    }

    @Test func replayedNonceIsRefused() async throws {
        let s = try await session()
        defer { Task { await s.server.stop() } }
        let created = Int(TestClock.now().timeIntervalSince1970)
        #expect(try await s.send("/v2/parks/yeouido/home-summary", created: created, nonce: "same-nonce").status == 200)
        let replay = try await s.send("/v2/parks/yeouido/home-summary", created: created, nonce: "same-nonce")
        #expect(replay.status == 401)
        #expect(code(replay) == "proof_replayed")
    }

    @Test(arguments: [-600, 600])
    func skewedProofIsRefused(_ skew: Int) async throws {
        let s = try await session()
        defer { Task { await s.server.stop() } }
        let response = try await s.send(
            "/v2/parks/yeouido/home-summary", created: Int(TestClock.now().timeIntervalSince1970) + skew)
        #expect(code(response) == "proof_expired")
    }

    @Test func expiredTokenIsRefused() async throws {
        let s = try await session { $0.tokenLifetime = 60 }
        defer { Task { await s.server.stop() } }
        s.server.clockOffset.seconds = 120
        let response = try await s.send(
            "/v2/parks/yeouido/home-summary", created: Int(TestClock.now().timeIntervalSince1970) + 120)
        #expect(code(response) == "token_expired")
    }

    @Test func unknownTokenAndWrongKeyAreRefused() async throws {
        let s = try await session()
        defer { Task { await s.server.stop() } }
        let badToken = try await s.send("/v2/parks/yeouido/home-summary") { headers in
            headers[0] = ("Authorization", "Bearer hjt_nobody")
        }
        #expect(code(badToken) == "token_invalid")
        let badKey = try await s.send("/v2/parks/yeouido/home-summary") { headers in
            headers[1].value = headers[1].value.replacingOccurrences(of: s.grant.signingKey.keyId, with: "k-other")
        }
        #expect(code(badKey) == "unknown_key")
    }

    @Test func bodyMustMatchItsDigest() async throws {
        let s = try await session()
        defer { Task { await s.server.stop() } }
        let body = try ContractCoding.encode(
            TelemetryBatch(installHash: "0123456789abcdef", appVersion: "0", events: []))
        let tampered = try await s.send("/v2/telemetry", method: "POST", body: body) { headers in
            headers.removeAll { $0.name == "Content-Digest" }
            headers.append(("Content-Digest", ContentDigest.sha256(of: Data("{}".utf8))))
        }
        #expect(code(tampered) == "digest_mismatch")
    }

    @Test func policyDeniesUnsignedReadsAndWritesNeedProofs() async throws {
        let s = try await session { $0.unsignedReadsAllowed = false }
        defer { Task { await s.server.stop() } }
        let read = try await TestBackend.curl.send(
            HTTPRequest(
                url: s.server.baseURL + "/v2/parks/yeouido/home-summary", deadline: Date().addingTimeInterval(5)))
        #expect(read.status == 403)
        #expect(code(read) == "policy_denied")
        #expect(read.header("Hangangjari-Policy") == "unsigned-reads=deny")
        try await s.server.admin("/admin/policy?unsigned-reads=allow")
        let write = try await TestBackend.curl.send(
            HTTPRequest(
                method: "POST", url: s.server.baseURL + "/v2/telemetry", headers: [("Idempotency-Key", "abcdefgh1234")],
                body: Data("{}".utf8), deadline: Date().addingTimeInterval(5)))
        #expect(code(write) == "proof_missing")
    }

    @Test func writesAreValidatedStrictly() async throws {
        let s = try await session()
        defer { Task { await s.server.stop() } }
        let withCoordinates = Data(
            #"{"installHash":"0123456789abcdef","appVersion":"0","events":[{"kind":"app_start","at":"2026-11-22T14:05:00+09:00","lat":37.5}]}"#
                .utf8)
        #expect(code(try await s.send("/v2/telemetry", method: "POST", body: withCoordinates)) == "forbidden_field")
        let unknownField = Data(
            #"{"installHash":"0123456789abcdef","appVersion":"0","events":[],"email":"a@b.c"}"#.utf8)
        #expect(code(try await s.send("/v2/telemetry", method: "POST", body: unknownField)) == "invalid_body")
        let badLot = Data(#"{"installHash":"0123456789abcdef","lotId":"nowhere-9","threshold":5}"#.utf8)
        #expect(code(try await s.send("/v2/push/subscriptions", method: "POST", body: badLot)) == "invalid_body")
        let huge =
            Data(#"{"installHash":"0123456789abcdef","appVersion":""#.utf8) + Data(repeating: 97, count: 40_000)
            + Data(#"","events":[]}"#.utf8)
        #expect(code(try await s.send("/v2/telemetry", method: "POST", body: huge)) == "payload_too_large")
        let noKey = try await s.send(
            "/v2/telemetry", method: "POST",
            body: Data(#"{"installHash":"0123456789abcdef","appVersion":"0","events":[]}"#.utf8)
        ) { headers in
            headers.removeAll { $0.name == "Idempotency-Key" }
        }
        #expect(code(noKey) == "bad_request")
    }

    @Test func bootstrapFloodIsRateLimitedWhileReadsGoOn() async throws {
        let server = try await TestBackend.start { $0.bootstrapBurst = 10 }
        defer { Task { await server.stop() } }
        let body = try ContractCoding.encode(
            BootstrapRequest(installId: "0123456789abcdef", app: "flood", appVersion: "0"))
        let (statuses, reads) = await withTaskGroup(of: (Int?, Int?).self) { group in
            for i in 0..<200 {
                group.addTask {
                    if i % 10 == 0 {
                        let r = try? await TestBackend.curl.send(
                            HTTPRequest(
                                url: server.baseURL + "/v2/parks/yeouido/home-summary",
                                deadline: Date().addingTimeInterval(5)))
                        return (nil, r?.status)
                    }
                    let r = try? await TestBackend.curl.send(
                        HTTPRequest(
                            method: "POST", url: server.baseURL + "/v2/bootstrap", body: body,
                            deadline: Date().addingTimeInterval(5)))
                    return (r?.status, nil)
                }
            }
            var statuses: [Int] = []
            var reads: [Int] = []
            for await (b, r) in group {
                if let b { statuses.append(b) }
                if let r { reads.append(r) }
            }
            return (statuses, reads)
        }
        #expect(statuses.filter { $0 == 200 }.count <= 12)
        #expect(statuses.filter { $0 == 429 }.count >= 165)
        #expect(reads.count == 20 && reads.allSatisfy { $0 == 200 })
    }
}
