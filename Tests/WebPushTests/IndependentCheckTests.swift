import Crypto
import Foundation
import Models
import Testing
import WebPush

/// What this module sends, read back by independent implementations from PyPI (`Tools/push/check-message.py`):
/// http_ece decrypts the body with the subscriber's private key, cryptography verifies the VAPID signature.
@Suite struct IndependentCheckTests {
    struct Checked: Decodable {
        var plaintext: String
        var claims: [String: ClaimValue]
        var audienceMatches: Bool
    }

    enum ClaimValue: Decodable, Equatable {
        case text(String)
        case number(Int)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Int.self) {
                self = .number(number)
            } else {
                self = .text(try container.decode(String.self))
            }
        }
    }

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Tools/push/check-message.py")

    static func check(_ input: [String: String]) async throws -> Checked {
        try await offThePool { try checkBlocking(input) }
    }

    private static func checkBlocking(_ input: [String: String]) throws -> Checked {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path]
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: input))
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "check-message.py: \(errors)"])
        }
        return try JSONDecoder().decode(Checked.self, from: output)
    }

    @Test(arguments: ["https://fcm.googleapis.com/fcm/send/abc", "http://127.0.0.1:8443/push/1"])
    func httpECEDecryptsAndCryptographyVerifiesTheToken(endpoint: String) async throws {
        let receiver = P256.KeyAgreement.PrivateKey()
        let auth = Data((0..<16).map { _ in UInt8.random(in: 0...255) })
        let keys = try SubscriberKeys(publicKey: receiver.publicKey.x963Representation, authSecret: auth)
        let message = #"{"title":"반포 2,3주차장 28면","park":"banpo"}"#
        let body = try PushEncryption().encrypt(Data(message.utf8), to: keys)
        let vapid = VAPIDKey.generate()
        let expires = Date(timeIntervalSince1970: 1_800_000_000)
        let authorization = try VAPIDToken.authorization(
            key: vapid, endpoint: endpoint, subject: "mailto:ops@example.org", expires: expires)
        let checked = try await Self.check([
            "body": Base64URL.encode(body), "uaPrivate": Base64URL.encode(receiver.rawRepresentation),
            "auth": Base64URL.encode(auth), "authorization": authorization, "endpoint": endpoint,
        ])
        #expect(checked.plaintext == message)
        #expect(checked.audienceMatches)
        #expect(checked.claims["exp"] == .number(1_800_000_000))
        #expect(checked.claims["sub"] == .text("mailto:ops@example.org"))
        #expect(authorization.hasSuffix(", k=" + vapid.publicKey))
    }
}
