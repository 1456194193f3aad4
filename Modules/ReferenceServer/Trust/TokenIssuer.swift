import Crypto
import Foundation
import Models
import Networking
import RequestProof

/// Issues access tokens and signing keys at bootstrap, and checks them. Nothing is stored: a token carries its root
/// key id, expiry and a random part, sealed with an HMAC; its key id and signing secret are derived from it. So any
/// instance holding the same root keys (its ``KeyRing``) verifies a token another issued, and memory does not grow
/// with users. Both calls throw only when the keys cannot be loaded.
public final class TokenIssuer: Sendable {
    public struct Grant: Sendable {
        public var token: String
        public var keyId: String
        public var secret: Data
        public var expiresAt: Date
    }

    private let lifetime: TimeInterval
    public let ring: KeyRing
    private let issued = LockedBox(0)

    /// How many grants were issued since start.
    public var grantsIssued: Int { issued.value }

    public init(lifetime: TimeInterval, ring: KeyRing) {
        self.lifetime = lifetime
        self.ring = ring
    }

    /// An issuer with fixed keys (a random one by default).
    public convenience init(lifetime: TimeInterval, keys: TokenKeys = .ephemeral()) {
        self.init(lifetime: lifetime, ring: KeyRing(.fixed(keys)))
    }

    /// A new token and key, made with the first root key.
    public func issue(now: Date) async throws -> Grant {
        let root = try await ring.keys().keys[0]
        let expires = Int(now.addingTimeInterval(lifetime).timeIntervalSince1970.rounded(.up))
        let body = "\(root.id).\(expires).\(randomHex(bytes: 16))"
        issued.withLock { $0 += 1 }
        return Self.grant(body: body, root: root, expires: expires)
    }

    /// The grant of a bearer token; nil when no root key here sealed it (forged, altered, or from a retired key).
    public func grant(token: String) async throws -> Grant? {
        guard token.hasPrefix("hjt_"), token.count < 160 else { return nil }
        let sealed = token.dropFirst(4)
        guard let dot = sealed.lastIndex(of: ".") else { return nil }
        let body = sealed[..<dot]
        let fields = body.split(separator: ".")
        guard fields.count == 3, let expires = Int(fields[1]),
            let root = try await ring.keys(knowing: fields[0]).key(id: fields[0])
        else { return nil }
        let expected = Self.grant(body: String(body), root: root, expires: expires)
        return constantTimeEqual(expected.token.utf8, token.utf8) ? expected : nil
    }

    private static func grant(body: String, root: TokenKeys.Key, expires: Int) -> Grant {
        let key = root.key
        func derive(_ purpose: String) -> Data {
            Data(HMAC<SHA256>.authenticationCode(for: Data((purpose + "|" + body).utf8), using: key))
        }
        let seal = Hex.lowercase(derive("token"))
        let keyId = "k-" + Hex.lowercase(derive("key-id").prefix(8))
        return Grant(
            token: "hjt_" + body + "." + seal, keyId: keyId, secret: derive("signing-secret"),
            expiresAt: Date(timeIntervalSince1970: TimeInterval(expires)))
    }
}
