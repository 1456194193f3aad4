import Crypto
import Foundation
import Testing
import WebPush

/// RFC 8291 Appendix A, every input and the final body.
enum RFC8291Example {
    static let plaintext = Data("When I grow up, I want to be a watermelon".utf8)
    static let senderPrivate = "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"
    static let senderPublic =
        "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8"
    static let receiverPrivate = "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94"
    static let receiverPublic =
        "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"
    static let auth = "BTBZMqHH6r4Tts7J_aSIgg"
    static let salt = "DGv6ra1nlYgDCS1FRnbzlw"
    static let body =
        "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN"

    static func encryption() throws -> PushEncryption {
        let sender = Base64URL.decode(senderPrivate)!
        let saltBytes = Base64URL.decode(salt)!
        return PushEncryption(
            randomness: .init(
                salt: { saltBytes }, ephemeralKey: { try! P256.KeyAgreement.PrivateKey(rawRepresentation: sender) }))
    }
}

@Suite struct PushEncryptionTests {
    @Test func theRFC8291ExampleIsReproducedByteForByte() throws {
        let keys = try SubscriberKeys(p256dh: RFC8291Example.receiverPublic, auth: RFC8291Example.auth)
        let body = try RFC8291Example.encryption().encrypt(RFC8291Example.plaintext, to: keys)
        #expect(Base64URL.encode(body) == RFC8291Example.body)
    }

    @Test func theSendersKeyIsTheExamplesPublicKey() throws {
        let sender = try P256.KeyAgreement.PrivateKey(
            rawRepresentation: Base64URL.decode(RFC8291Example.senderPrivate)!)
        #expect(Base64URL.encode(sender.publicKey.x963Representation) == RFC8291Example.senderPublic)
    }

    @Test func eachMessageHasItsOwnSaltAndKey() throws {
        let keys = try SubscriberKeys(p256dh: RFC8291Example.receiverPublic, auth: RFC8291Example.auth)
        let first = try PushEncryption().encrypt(Data("a".utf8), to: keys)
        let second = try PushEncryption().encrypt(Data("a".utf8), to: keys)
        #expect(first.prefix(16) != second.prefix(16))
        #expect(first.dropFirst(21).prefix(65) != second.dropFirst(21).prefix(65))
        // salt(16) ‖ rs(4) ‖ idlen(1) ‖ key(65) ‖ "a" ‖ 0x02 ‖ tag(16)
        #expect(first.count == 86 + 2 + 16)
    }

    @Test func aPayloadLargerThanOneRecordIsRefused() throws {
        let keys = try SubscriberKeys(p256dh: RFC8291Example.receiverPublic, auth: RFC8291Example.auth)
        #expect(throws: PushEncryption.Problem.tooLarge(4080)) {
            try PushEncryption().encrypt(Data(count: 4080), to: keys)
        }
    }

    @Test func subscriberKeysMustBeARealPointAndASixteenByteSecret() throws {
        #expect(throws: SubscriberKeys.Problem.notAPoint) {
            // 0x04 and 64 bytes that are not on the curve.
            try SubscriberKeys(
                p256dh: Base64URL.encode([4] + [UInt8](repeating: 7, count: 64)), auth: RFC8291Example.auth)
        }
        #expect(throws: SubscriberKeys.Problem.notAPoint) {
            try SubscriberKeys(p256dh: Base64URL.encode([UInt8](repeating: 4, count: 33)), auth: RFC8291Example.auth)
        }
        #expect(throws: SubscriberKeys.Problem.authLength(8)) {
            try SubscriberKeys(
                p256dh: RFC8291Example.receiverPublic, auth: Base64URL.encode([UInt8](repeating: 1, count: 8)))
        }
        #expect(throws: SubscriberKeys.Problem.notBase64(field: "auth")) {
            try SubscriberKeys(p256dh: RFC8291Example.receiverPublic, auth: "not base64!")
        }
        // Plain base64 (with + / and padding), as some browsers send it, reads the same.
        let plain = Base64URL.decode(RFC8291Example.receiverPublic)!.base64EncodedString()
        #expect(try SubscriberKeys(p256dh: plain, auth: RFC8291Example.auth).publicKey.count == 65)
    }
}
