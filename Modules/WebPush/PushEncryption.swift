import Crypto
import Foundation

/// Message encryption for Web Push (RFC 8291) in the `aes128gcm` content coding (RFC 8188): one record, so a
/// payload is at most ``maximumPlaintext`` bytes.
public struct PushEncryption: Sendable {
    /// The record size written in the header; one record holds the whole message.
    public static let recordSize: UInt32 = 4096
    /// The largest plaintext one record carries (record size, less the padding delimiter and the 16-byte tag).
    public static let maximumPlaintext = Int(recordSize) - 17

    /// Makes the random parts of each message: a fresh salt and ephemeral key in use, fixed ones in tests.
    public struct Randomness: Sendable {
        public var salt: @Sendable () -> Data
        public var ephemeralKey: @Sendable () -> P256.KeyAgreement.PrivateKey

        public init(
            salt: @escaping @Sendable () -> Data,
            ephemeralKey: @escaping @Sendable () -> P256.KeyAgreement.PrivateKey
        ) {
            self.salt = salt
            self.ephemeralKey = ephemeralKey
        }

        /// 16 random bytes of salt and a new key pair for every message.
        public static let live = Randomness(
            salt: { SymmetricKey(size: .bits128).withUnsafeBytes { Data($0) } },
            ephemeralKey: newKey)

        /// A key from 32 random bytes (a scalar outside 1..<n, one chance in 2^32, is drawn again): one fixed-base
        /// multiplication, an eighth of the time `P256.KeyAgreement.PrivateKey()` takes here (`Tools/bench/run micro`).
        static func newKey() -> P256.KeyAgreement.PrivateKey {
            while true {
                let scalar = SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }
                if let key = try? P256.KeyAgreement.PrivateKey(rawRepresentation: scalar) { return key }
            }
        }
    }

    /// Why a message could not be encrypted.
    public enum Problem: Error, Sendable, Equatable {
        case tooLarge(Int)
        case badSalt
    }

    public let randomness: Randomness

    public init(randomness: Randomness = .live) {
        self.randomness = randomness
    }

    /// The body of a push message carrying `plaintext` to the holder of `keys`, padded with `padding` zero bytes.
    public func encrypt(_ plaintext: Data, to keys: SubscriberKeys, padding: Int = 0) throws -> Data {
        guard plaintext.count + padding <= Self.maximumPlaintext else {
            throw Problem.tooLarge(plaintext.count + padding)
        }
        let salt = randomness.salt()
        guard salt.count == 16 else { throw Problem.badSalt }
        let ephemeral = randomness.ephemeralKey()
        let senderPublic = ephemeral.publicKey.x963Representation
        let shared = try ephemeral.sharedSecretFromKeyAgreement(with: keys.agreementKey)

        // RFC 8291 §3.3-3.4: the authentication secret and both public keys go into the input keying material.
        let keyInfo = Data("WebPush: info".utf8) + [0] + keys.publicKey + senderPublic
        let ikm = shared.hkdfDerivedSymmetricKey(
            using: SHA256.self, salt: keys.authSecret, sharedInfo: keyInfo, outputByteCount: 32)
        let cek = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: ikm, salt: salt, info: Data("Content-Encoding: aes128gcm".utf8) + [0],
            outputByteCount: 16)
        let nonce = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: ikm, salt: salt, info: Data("Content-Encoding: nonce".utf8) + [0], outputByteCount: 12)

        // RFC 8188 §2: the last (only) record ends with the delimiter 0x02, then optional zero padding.
        let record = plaintext + [0x02] + Data(count: padding)
        let sealed = try AES.GCM.seal(
            record, using: cek, nonce: AES.GCM.Nonce(data: nonce.withUnsafeBytes { Data($0) }))
        var body = salt
        withUnsafeBytes(of: Self.recordSize.bigEndian) { body.append(contentsOf: $0) }
        body.append(UInt8(senderPublic.count))
        body.append(senderPublic)
        body.append(sealed.ciphertext)
        body.append(sealed.tag)
        return body
    }
}
