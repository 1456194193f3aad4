import Foundation
import ServerTrust
import Synchronization
import Testing

/// Tokens are sealed, not stored: instances sharing root keys accept each other's tokens, keys rotate with overlap,
/// and an altered or foreign token is refused.
@Suite struct TokenIssuerTests {
    static let old = "old:" + Data(repeating: 1, count: 32).base64EncodedString()
    static let new = "new:" + Data(repeating: 2, count: 32).base64EncodedString()
    let now = Date(timeIntervalSince1970: 1_795_323_900)

    @Test func anInstanceAcceptsTheTokensOfAnother() async throws {
        let keys = try TokenKeys(parsing: Self.old)
        let first = TokenIssuer(lifetime: 3600, keys: keys)
        let second = TokenIssuer(lifetime: 3600, keys: keys)
        let grant = try await first.issue(now: now)
        let seen = try #require(try await second.grant(token: grant.token))
        #expect(seen.keyId == grant.keyId && seen.secret == grant.secret)
        #expect(seen.expiresAt == now.addingTimeInterval(3600))
        #expect((try await first.issue(now: now)).token != grant.token)
    }

    @Test func keysRotateWithOverlap() async throws {
        let before = TokenIssuer(lifetime: 3600, keys: try TokenKeys(parsing: Self.old))
        let during = TokenIssuer(lifetime: 3600, keys: try TokenKeys(parsing: Self.new + "," + Self.old))
        let after = TokenIssuer(lifetime: 3600, keys: try TokenKeys(parsing: Self.new))
        let oldToken = (try await before.issue(now: now)).token
        #expect(try await during.grant(token: oldToken) != nil)
        #expect(try await after.grant(token: oldToken) == nil)
        let newToken = (try await during.issue(now: now)).token
        #expect(newToken.hasPrefix("hjt_new."))
        #expect(try await after.grant(token: newToken) != nil)
    }

    @Test func aTokenAlreadyCheckedIsRefusedOnceItsKeyRetires() async throws {
        let held = HeldKeys(try TokenKeys(parsing: Self.new + "," + Self.old))
        let issuer = TokenIssuer(lifetime: 3600, ring: KeyRing(TokenKeySource { held.keys.withLock { $0 } }))
        let before = TokenIssuer(lifetime: 3600, keys: try TokenKeys(parsing: Self.old))
        let token = (try await before.issue(now: now)).token
        #expect(try await issuer.grant(token: token) != nil)
        #expect(try await issuer.grant(token: token) != nil)  // from the table of checked grants
        let retired = try TokenKeys(parsing: Self.new)
        held.keys.withLock { $0 = retired }
        try await issuer.ring.reload()
        #expect(try await issuer.grant(token: token) == nil)
    }

    @Test func alteredAndForeignTokensAreRefused() async throws {
        let issuer = TokenIssuer(lifetime: 3600, keys: try TokenKeys(parsing: Self.old))
        let token = (try await issuer.issue(now: now)).token
        var parts = token.split(separator: ".").map(String.init)
        parts[1] = String(Int(parts[1])! + 86_400)  // a longer life, same seal
        #expect(try await issuer.grant(token: parts.joined(separator: ".")) == nil)
        #expect(try await issuer.grant(token: String(token.dropLast()) + (token.last == "0" ? "1" : "0")) == nil)
        #expect(try await TokenIssuer(lifetime: 3600).grant(token: token) == nil)  // another deployment's random key
        #expect(try await issuer.grant(token: "hjt_") == nil)
        #expect(try await issuer.grant(token: "garbage") == nil)
        for malformed in [
            "hjt_...", "hjt_old..x.y", "hjt_\u{00E9}.1.ab.cd", token + String(repeating: "0", count: 100),
        ] {
            #expect(try await issuer.grant(token: malformed) == nil)
        }
    }

    @Test func badKeysAreRefusedWithTheReason() {
        for bad in [
            "", "nocolon", "id:" + Data(repeating: 1, count: 8).base64EncodedString(),
            "bad id:" + Data(repeating: 1, count: 32).base64EncodedString(),
            Self.old + "," + Self.old,
        ] {
            #expect(throws: TokenKeys.Invalid.self) { try TokenKeys(parsing: bad) }
        }
    }
}

/// The keys a test's store holds, changed while an issuer reads them.
private final class HeldKeys: Sendable {
    let keys: Mutex<TokenKeys>

    init(_ keys: TokenKeys) { self.keys = Mutex(keys) }
}
