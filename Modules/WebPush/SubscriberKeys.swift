import Crypto
import Foundation

/// A push subscription's keys as a browser gives them (`keys.p256dh`, `keys.auth`), checked: the public key is a
/// real point on P-256 in uncompressed form, the authentication secret is 16 bytes. (Not `Sendable`: swift-crypto's
/// public key is not; read the keys where they are used.)
public struct SubscriberKeys {
    /// The user agent's public key, 65 bytes (0x04 ‖ x ‖ y).
    public let publicKey: Data
    /// The authentication secret, 16 bytes.
    public let authSecret: Data
    /// The public key as read once here, for the key agreement of every message.
    let agreementKey: P256.KeyAgreement.PublicKey

    /// Why a subscription's keys were refused.
    public enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
        case notBase64(field: String)
        case notAPoint
        case authLength(Int)

        public var description: String {
            switch self {
            case .notBase64(let field): "keys.\(field) is not base64url"
            case .notAPoint: "keys.p256dh is not an uncompressed point on P-256"
            case .authLength(let count): "keys.auth must be 16 bytes, not \(count)"
            }
        }
    }

    /// Reads the keys from their base64url text (plain base64 is accepted too).
    public init(p256dh: String, auth: String) throws(Problem) {
        guard let point = Base64URL.decode(p256dh) else { throw .notBase64(field: "p256dh") }
        guard let secret = Base64URL.decode(auth) else { throw .notBase64(field: "auth") }
        try self.init(publicKey: point, authSecret: secret)
    }

    /// Checks raw keys.
    public init(publicKey: Data, authSecret: Data) throws(Problem) {
        guard publicKey.count == 65, publicKey.first == 0x04,
            let agreementKey = try? P256.KeyAgreement.PublicKey(x963Representation: publicKey)
        else { throw .notAPoint }
        guard authSecret.count == 16 else { throw .authLength(authSecret.count) }
        self.agreementKey = agreementKey
        self.publicKey = publicKey
        self.authSecret = authSecret
    }
}
