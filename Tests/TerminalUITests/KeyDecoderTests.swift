import Testing

@testable import TerminalUI

@Suite struct KeyDecoderTests {
    @Test func arrowsInBothEncodings() {
        #expect(KeyDecoder.decode(Array("\u{1B}[A\u{1B}[B\u{1B}OC\u{1B}[D".utf8)) == [.up, .down, .right, .left])
    }

    @Test func controlKeysAndText() {
        #expect(KeyDecoder.decode([0x03, 0x09, 0x0D, 0x71]) == [.ctrlC, .tab, .enter, .character("q")])
        #expect(KeyDecoder.decode(Array("\u{1B}[Z".utf8)) == [.backTab])
    }

    @Test func aLoneEscapeAndUTF8() {
        #expect(KeyDecoder.decode([0x1B]) == [.escape])
        #expect(KeyDecoder.decode(Array("한".utf8)) == [.character("한")])
    }

    @Test func truncatedSequencesAreDropped() {
        #expect(KeyDecoder.decode(Array("\u{1B}[1;".utf8)) == [])
    }

    @Test func hangulModeJamoAreTheirLatinKeys() {
        #expect(
            KeyDecoder.decode(Array("ㅂㄱㄹㅃ".utf8)) == [
                .character("q"), .character("r"), .character("f"), .character("Q"),
            ])
        // A composed syllable and other text stay what they are.
        #expect(KeyDecoder.decode(Array("반?".utf8)) == [.character("반"), .character("?")])
    }
}
