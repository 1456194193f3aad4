import CurlHTTP
import Foundation
import Models
import RequestProof

/// Makes a request's proof headers from the credentials: the bearer token and an RFC 9421 signature over the
/// method, the target URI and the body's digest. A value the client is given.
public struct ProofSigning: Sendable {
    /// The headers for one request; `clockOffset` of the credentials is applied to `now`.
    public var headers:
        @Sendable (
            _ credentials: Credentials, _ method: HTTPMethod, _ targetURI: String, _ body: Data?, _ now: Date
        ) throws(APIError) -> [(name: String, value: String)]

    public init(
        headers:
            @escaping @Sendable (
                _ credentials: Credentials, _ method: HTTPMethod, _ targetURI: String, _ body: Data?, _ now: Date
            ) throws(APIError) -> [(name: String, value: String)]
    ) {
        self.headers = headers
    }

    /// HMAC-SHA256 with the key from bootstrap and a random nonce.
    public static let hmac = ProofSigning { credentials, method, targetURI, body, now throws(APIError) in
        do {
            let signer = try HMACSigner(base64Secret: credentials.signingKey.secret)
            let created = Int((now.timeIntervalSince1970 + credentials.clockOffset).rounded())
            let proof = try RequestProof.sign(
                method: method.rawValue, targetURI: targetURI, body: body, keyId: credentials.signingKey.keyId,
                signer: signer, created: created, nonce: randomHex(bytes: 16))
            var headers: [(name: String, value: String)] = [
                ("Authorization", "Bearer \(credentials.accessToken)"),
                ("Signature-Input", proof.signatureInput), ("Signature", proof.signature),
            ]
            if let digest = proof.contentDigest { headers.append(("Content-Digest", digest)) }
            return headers
        } catch {
            throw .unsignedNotAllowed(reason: "\(error)")
        }
    }
}
