import Crypto
import Foundation

/// HMAC-SHA256 over a signature base (RFC 9421 `hmac-sha256`), with constant-time verification.
public struct HMACSigner: Sendable {
    private let secret: Data

    /// A signer from raw key bytes.
    public init(secret: Data) {
        self.secret = secret
    }

    // SymmetricKey is not Sendable in swift-crypto 3; making one from the bytes is cheap.
    private var key: SymmetricKey { SymmetricKey(data: secret) }

    /// A signer from a base64 secret, as handed out by bootstrap.
    public init(base64Secret: String) throws(ProofError) {
        guard let data = Data(base64Encoded: base64Secret), !data.isEmpty else { throw .invalidKey }
        self.init(secret: data)
    }

    /// The signature of `base`.
    public func signature(for base: String) -> Data {
        Data(HMAC<SHA256>.authenticationCode(for: Data(base.utf8), using: key))
    }

    /// Whether `signature` is the signature of `base`, compared in constant time.
    public func isValid(_ signature: Data, for base: String) -> Bool {
        HMAC<SHA256>.isValidAuthenticationCode(signature, authenticating: Data(base.utf8), using: key)
    }
}
