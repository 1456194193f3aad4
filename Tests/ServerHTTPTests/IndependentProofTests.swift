import CurlHTTP
import Foundation
import Models
import RequestProof
import TestFixtures
import TestSupport
import Testing

/// Proofs made by an independent RFC 9421 implementation (PyPI `http-message-signatures`, through
/// `Tools/proof/sign-request.py`), sent to the real server over loopback: the server signs the
/// `@signature-params` as received, so any parameter order, component order and unknown parameter verifies.
@Suite struct IndependentProofTests {
    struct Signed: Decodable {
        var signatureInput: String
        var signature: String
        var contentDigest: String?
    }

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Tools/proof/sign-request.py")

    /// What the outside signer makes of `input`.
    static func sign(_ input: [String: Any]) async throws -> Signed {
        let json = try JSONSerialization.data(withJSONObject: input)
        return try await offThePool {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", script.path]
            let (stdin, stdout, stderr) = (Pipe(), Pipe(), Pipe())
            process.standardInput = stdin
            process.standardOutput = stdout
            process.standardError = stderr
            try process.run()
            stdin.fileHandleForWriting.write(json)
            try stdin.fileHandleForWriting.close()
            let output = stdout.fileHandleForReading.readDataToEndOfFile()
            let errors = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw CocoaError(
                    .featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "sign-request.py: \(errors)"])
            }
            return try JSONDecoder().decode(Signed.self, from: output)
        }
    }

    /// One request signed outside with `parameters` in that order, sent with the session's token.
    static func send(
        _ session: SignedSession, _ path: String, method: HTTPMethod, body: Data?, parameters: [String],
        components: [String]? = nil, extra: [String: Any] = [:], edit: (String) -> String = { $0 }
    ) async throws -> HTTPResponse {
        let nonce = randomHex(bytes: 8)
        var input: [String: Any] = [
            "method": method.rawValue, "url": session.baseURL + path, "keyId": session.grant.signingKey.keyId,
            "secret": session.grant.signingKey.secret, "created": Int(TestClock.now().timeIntervalSince1970),
            "nonce": nonce, "parameters": parameters, "tag": "hangangjari-test",
        ]
        if let body { input["body"] = String(decoding: body, as: UTF8.self) }
        if let components { input["components"] = components }
        input.merge(extra) { $1 }
        let signed = try await sign(input)
        return try await session.send(
            path, method: method, body: body,
            tamper: { headers in
                headers.removeAll { ["signature-input", "signature", "content-digest"].contains($0.name.lowercased()) }
                headers += [("Signature-Input", edit(signed.signatureInput)), ("Signature", signed.signature)]
                if let digest = signed.contentDigest { headers.append(("Content-Digest", digest)) }
            }, nonce: nonce)
    }

    static let orders: [[String]] = [
        ["alg", "created", "keyid", "nonce"],  // alg first
        ["created", "keyid", "alg", "nonce"],  // the library's own order: alg in the middle
        ["created", "keyid", "nonce", "alg"],  // alg last, as this project's signer writes it
        ["nonce", "tag", "keyid", "created", "alg"],  // a parameter the profile does not know, signed and ignored
        ["created", "keyid", "nonce"],  // no alg
    ]

    @Test func readsAndWritesSignedInEveryParameterOrderAreAccepted() async throws {
        let server = try await TestBackend.start { $0.unsignedReadsAllowed = false }
        defer { Task { await server.stop() } }
        let session = try await SignedSession.bootstrap(server.baseURL)
        let body = try Fixtures.contract("push-subscription.json")
        for order in Self.orders {
            let read = try await Self.send(
                session, "/v2/parks/yeouido/home-summary", method: .get, body: nil, parameters: order)
            #expect(read.status == 200, "read \(order): \(String(decoding: read.body, as: UTF8.self))")
            let write = try await Self.send(
                session, "/v2/push/subscriptions", method: .post, body: body, parameters: order)
            #expect(
                (200..<300).contains(write.status), "write \(order): \(String(decoding: write.body, as: UTF8.self))")
        }
        let reversed = try await Self.send(
            session, "/v2/push/subscriptions", method: .post, body: body, parameters: Self.orders[1],
            components: ["content-digest", "@target-uri", "@method"])
        #expect((200..<300).contains(reversed.status), "components in another order")
    }

    @Test func anExpiredOrEditedProofIsRefusedByName() async throws {
        let server = try await TestBackend.start { $0.unsignedReadsAllowed = false }
        defer { Task { await server.stop() } }
        let session = try await SignedSession.bootstrap(server.baseURL)
        let now = Int(TestClock.now().timeIntervalSince1970)
        let order = ["created", "keyid", "nonce", "alg", "expires"]
        let path = "/v2/parks/yeouido/home-summary"
        let expired = try await Self.send(
            session, path, method: .get, body: nil, parameters: order, extra: ["expires": now - 1])
        #expect(expired.status == 401 && SignedSession.code(expired) == "proof_expired")
        let detail = String(decoding: expired.body, as: UTF8.self)
        #expect(detail.contains("expires time \(now - 1) has passed"), "\(detail)")
        let valid = try await Self.send(
            session, path, method: .get, body: nil, parameters: order, extra: ["expires": now + 60])
        #expect(valid.status == 200)
        // The unknown parameter is in the signature base: changing it after signing breaks the proof.
        let edited = try await Self.send(
            session, path, method: .get, body: nil, parameters: Self.orders[3],
            edit: { $0.replacingOccurrences(of: "hangangjari-test", with: "other") })
        #expect(edited.status == 401 && SignedSession.code(edited) == "proof_invalid")
    }
}
