import Crypto
import Foundation

/// The application server's key pair for VAPID (RFC 8292): made once per deployment, kept in its shared store,
/// the same for every instance; browsers bind each subscription to its public key.
public struct VAPIDKey: Sendable {
    /// What is stored: the private key's 32-byte scalar. A secret.
    public let stored: Data
    /// The public key as pages give it to `pushManager.subscribe` (`applicationServerKey`) and as the `k=`
    /// parameter: base64url of the uncompressed point.
    public let publicKey: String

    /// Reads a stored key (the 32-byte scalar).
    public init(stored: Data) throws {
        self.init(try P256.Signing.PrivateKey(rawRepresentation: stored))
    }

    init(_ key: P256.Signing.PrivateKey) {
        stored = key.rawRepresentation
        publicKey = Base64URL.encode(key.publicKey.x963Representation)
    }

    /// A new random key pair.
    public static func generate() -> VAPIDKey { VAPIDKey(P256.Signing.PrivateKey()) }

    /// An ES256 signature of `message` as a JWT carries it: the raw r ‖ s (64 bytes), not DER.
    func sign(_ message: Data) throws -> Data {
        try P256.Signing.PrivateKey(rawRepresentation: stored).signature(for: message).rawRepresentation
    }
}
