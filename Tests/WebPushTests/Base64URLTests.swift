import Foundation
import Testing

@testable import WebPush

struct Base64URLTests {
    @Test func everyLengthReadsBackInBothAlphabetsPaddedOrNot() {
        for count in 0...70 {
            let bytes = Data((0..<count).map { _ in UInt8.random(in: .min ... .max) })
            let url = Base64URL.encode(bytes)
            #expect(Base64URL.decode(url) == bytes)
            #expect(Base64URL.decode(bytes.base64EncodedString()) == bytes)
            #expect(!url.contains("=") && !url.contains("+") && !url.contains("/"))
        }
    }

    @Test func textThatIsNotBase64IsRefused() {
        #expect(Base64URL.decode("not base64!") == nil)
        #expect(Base64URL.decode("ab=c") == nil)
        #expect(Base64URL.decode("abcde") == nil)  // one character left over cannot be a byte
        #expect(Base64URL.decode("AB") == nil)  // the last character's spare bits must be zero
        #expect(Base64URL.decode("AA") == Data([0]))
        #expect(Base64URL.decode("한국") == nil)
    }
}
