import CurlHTTP
import Foundation
import Models
import RequestProof
import TestFixtures

/// A client bootstrapped with a backend, sending requests with RFC 9421 proofs the way the app does, plus the
/// knobs tests need to forge, replay or skew them.
public struct SignedSession: Sendable {
    /// The backend's base URL the proofs are made for.
    public let baseURL: String
    public let grant: BootstrapResponse
    /// How requests reach the backend (libcurl over loopback, or the router in process).
    public var transport: HTTPTransport = TestBackend.curl.transport

    /// Bootstraps an install with the backend at `baseURL`, over libcurl.
    public static func bootstrap(_ baseURL: String) async throws -> SignedSession {
        try await bootstrap(baseURL, transport: TestBackend.curl.transport)
    }

    /// Bootstraps an install with `server`, through its transport.
    public static func bootstrap(_ server: some ServedBackend) async throws -> SignedSession {
        try await bootstrap(server.baseURL, transport: server.transport)
    }

    static func bootstrap(_ baseURL: String, transport: HTTPTransport) async throws -> SignedSession {
        let response = try await bootstrapResponse(baseURL, transport: transport)
        return SignedSession(
            baseURL: baseURL, grant: try ContractCoding.decode(BootstrapResponse.self, from: response.body),
            transport: transport)
    }

    /// The backend's answer to a test install's bootstrap, whatever it is.
    public static func bootstrapResponse(_ baseURL: String, transport: HTTPTransport = TestBackend.curl.transport)
        async throws -> HTTPResponse
    {
        let body = try ContractCoding.encode(
            BootstrapRequest(installId: "0123456789abcdef0123456789abcdef", app: "tests", appVersion: "0"))
        return try await transport.send(
            HTTPRequest(
                method: "POST", url: baseURL + "/v2/bootstrap", headers: [("Content-Type", "application/json")],
                body: body, deadline: Date().addingTimeInterval(5)))
    }

    /// Signs and sends a request. A body gets a digest, a JSON type and an `Idempotency-Key` made from the nonce;
    /// `tamper` edits the headers last; `to` sends the same proof to another base URL (with this one's `Host`).
    public func send(
        _ path: String, method: HTTPMethod = .get, body: Data? = nil,
        tamper: (inout [(name: String, value: String)]) -> Void = { _ in },
        created: Int? = nil, nonce: String = randomHex(bytes: 8), secret: String? = nil, to other: String? = nil
    ) async throws -> HTTPResponse {
        let signer = try HMACSigner(base64Secret: secret ?? grant.signingKey.secret)
        let proof = try RequestProof.sign(
            method: method.rawValue, targetURI: baseURL + path, body: body, keyId: grant.signingKey.keyId,
            signer: signer,
            created: created ?? Int(TestClock.now().timeIntervalSince1970), nonce: nonce)
        var headers: [(name: String, value: String)] = [
            ("Authorization", "Bearer \(grant.accessToken)"), ("Signature-Input", proof.signatureInput),
            ("Signature", proof.signature),
        ]
        if let digest = proof.contentDigest {
            headers += [
                ("Content-Digest", digest), ("Content-Type", "application/json"), ("Idempotency-Key", "idem-\(nonce)"),
            ]
        }
        if other != nil, let url = URL(string: baseURL), let host = url.host, let port = url.port {
            headers.append(("Host", "\(host):\(port)"))
        }
        tamper(&headers)
        return try await transport.send(
            HTTPRequest(
                method: method, url: (other ?? baseURL) + path, headers: headers, body: body,
                deadline: Date().addingTimeInterval(5)))
    }

    /// The problem code of an answer, if it is a problem.
    public static func code(_ response: HTTPResponse) -> String? {
        (try? ContractCoding.decode(Problem.self, from: response.body))?.code.rawValue
    }
}
