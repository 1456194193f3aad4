import Crypto
import Foundation

/// The root keys tokens are made from. The first signs new tokens; every key verifies, so a key can be rotated with
/// overlap (put the new one first, remove the old one after a token lifetime). Instances that share the keys accept
/// each other's tokens and request proofs.
public struct TokenKeys: Sendable {
    public struct Key: Sendable {
        public let id: String
        let secret: Data
        var key: SymmetricKey { SymmetricKey(data: secret) }
    }

    public let keys: [Key]

    public struct Invalid: Error, CustomStringConvertible {
        public let reason: String
        public var description: String { reason }
    }

    /// A random key for this process only: tokens end with it (the single-instance default).
    public static func ephemeral() -> TokenKeys {
        TokenKeys(keys: [Key(id: "local", secret: newSecret())])
    }

    /// A new `TOKEN_KEYS` value of one random key, for instances started together (tests, benchmarks).
    public static func randomSetting(id: String = "k1") -> String {
        id + ":" + newSecret().base64EncodedString()
    }

    /// A new random secret for a key (256 bits).
    public static func newSecret() -> Data {
        SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }
    }

    /// Parses `id:base64,id:base64` (`TOKEN_KEYS`); each key at least 32 bytes, ids of letters, digits and `-`.
    public init(parsing text: String) throws(Invalid) {
        var keys: [Key] = []
        for entry in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !entry.isEmpty {
            let parts = entry.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2, (1...16).contains(parts[0].count),
                parts[0].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
            else { throw Invalid(reason: "each entry is id:base64-secret, the id 1 to 16 letters, digits or '-'") }
            guard let secret = Data(base64Encoded: parts[1]), secret.count >= 32 else {
                throw Invalid(
                    reason:
                        "the secret of key '\(parts[0])' must be at least 32 bytes, base64 (openssl rand -base64 32)")
            }
            guard !keys.contains(where: { $0.id == parts[0] }) else {
                throw Invalid(reason: "key id '\(parts[0])' is given twice")
            }
            keys.append(Key(id: parts[0], secret: secret))
        }
        guard !keys.isEmpty else { throw Invalid(reason: "no key given") }
        self.keys = keys
    }

    /// Keys loaded from a store, the signing key first; nil when there are none.
    public init?(stored: [(id: String, secret: Data)]) {
        guard !stored.isEmpty else { return nil }
        self.init(keys: stored.map { Key(id: $0.id, secret: $0.secret) })
    }

    private init(keys: [Key]) {
        self.keys = keys
    }

    func key(id: Substring) -> Key? { keys.first { $0.id == id } }
}
