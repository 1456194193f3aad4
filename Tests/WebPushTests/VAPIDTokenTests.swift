import Foundation
import Testing
import WebPush

@Suite struct VAPIDTokenTests {
    @Test func theAudienceIsTheSchemeAndHostWithAPortOnlyWhenNotTheDefault() throws {
        #expect(try VAPIDToken.audience(of: "https://fcm.googleapis.com/fcm/send/x") == "https://fcm.googleapis.com")
        #expect(try VAPIDToken.audience(of: "https://web.push.apple.com:443/Q") == "https://web.push.apple.com")
        #expect(try VAPIDToken.audience(of: "http://127.0.0.1:8080/p") == "http://127.0.0.1:8080")
        #expect(throws: VAPIDToken.Problem.endpoint("not a url")) { try VAPIDToken.audience(of: "not a url") }
    }

    @Test func theSubjectIsAMailtoOrHTTPSURL() {
        #expect(VAPIDToken.validSubject("mailto:ops@example.org"))
        #expect(VAPIDToken.validSubject("https://hangangjari.example.org/contact"))
        #expect(!VAPIDToken.validSubject("mailto:nobody"))
        #expect(!VAPIDToken.validSubject("http://example.org"))
        #expect(!VAPIDToken.validSubject("ops@example.org"))
        #expect(throws: VAPIDToken.Problem.subject("ops@example.org")) {
            try VAPIDToken.authorization(
                key: .generate(), endpoint: "https://fcm.googleapis.com/x", subject: "ops@example.org", expires: .now)
        }
    }

    @Test func aStoredKeyReadsBackAsTheSameKey() throws {
        let key = VAPIDKey.generate()
        let again = try VAPIDKey(stored: key.stored)
        #expect(again.publicKey == key.publicKey)
        #expect(Base64URL.decode(key.publicKey)?.count == 65)
        #expect(throws: (any Error).self) { try VAPIDKey(stored: Data(count: 5)) }
    }
}
