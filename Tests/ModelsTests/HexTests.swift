import Foundation
import Models
import Testing

@Suite struct HexTests {
    @Test func everyByteIsTwoLowercaseDigitsAsPrintfWritesThem() {
        let bytes = (0...255).map(UInt8.init)
        #expect(Hex.lowercase(bytes) == bytes.map { String(format: "%02x", $0) }.joined())
        #expect(Hex.lowercase([]) == "")
        #expect(Hex.lowercase(Data([0xDE, 0xAD, 0xBE, 0xEF]).prefix(3)) == "deadbe")
    }
}
