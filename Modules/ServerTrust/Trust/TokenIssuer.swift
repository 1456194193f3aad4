import Crypto
import Foundation
import Models
import RequestProof
import Synchronization

/// Issues access tokens and signing keys at bootstrap, and checks them. Nothing is stored: a token carries its root
/// key id, expiry and a random part, sealed with an HMAC; its key id and signing secret are derived from it. So any
/// instance holding the same root keys (its ``KeyRing``) verifies a token another issued, and memory does not grow
/// with users beyond a bounded table of grants already derived. Both calls throw only when the keys cannot be loaded.
public final class TokenIssuer: Sendable {
    public struct Grant: Sendable {
        public var token: String
        public var keyId: String
        public var secret: Data
        public var expiresAt: Date
    }

    private let lifetime: TimeInterval
    public let ring: KeyRing
    private let issued = Mutex(0)
    /// Grants of tokens already checked: a client signs every request with the same token, and deriving its grant
    /// costs three HMACs. Only tokens that passed the check get in; emptied when full.
    private let checked = Mutex<[String: Grant]>([:])
    /// How many checked grants are kept (a few MB at most).
    static let checkedCapacity = 10_000

    /// How many grants were issued since start.
    public var grantsIssued: Int { issued.withLock { $0 } }

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
        // Read as UTF-8 bytes: a token is ASCII, and the Character view paid for grapheme breaking on every request.
        let bytes = token.utf8
        guard token.hasPrefix("hjt_"), bytes.count < 160 else { return nil }
        let sealed = bytes.dropFirst(4)
        guard let dot = sealed.lastIndex(of: UInt8(ascii: ".")) else { return nil }
        let fields = sealed[..<dot].split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard fields.count == 3, let expires = Int(Substring(fields[1])) else { return nil }
        let rootId = Substring(fields[0])
        // Checked before the table too: a retired root key takes its tokens with it.
        guard let root = try await ring.keys(knowing: rootId).key(id: rootId) else { return nil }
        if let known = checked.withLock({ $0[token] }) { return known }
        let expected = Self.grant(body: String(Substring(sealed[..<dot])), root: root, expires: expires)
        guard constantTimeEqual(expected.token.utf8, bytes) else { return nil }
        checked.withLock {
            if $0.count >= Self.checkedCapacity { $0.removeAll(keepingCapacity: true) }
            $0[token] = expected
        }
        return expected
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
