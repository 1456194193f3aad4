import Localization
import Testing

/// Terminal columns per grapheme, checked against what terminals draw (wcwidth as xterm, VTE, kitty and WezTerm use
/// it), in one-column and double-width ambiguous settings.
@Suite struct DisplayWidthTests {
    static let single = DisplayWidth.single
    static let double = DisplayWidth(ambiguous: .double)

    @Test(
        arguments: [
            ("a", 1, 1), ("반", 2, 2), ("ㅂ", 2, 2), ("한강", 4, 4), ("ｱ", 1, 1), ("Ａ", 2, 2), ("中", 2, 2),
            // 한 as conjoining jamo: the initial is wide, the vowel and final add nothing.
            ("\u{1112}\u{1161}\u{11AB}", 2, 2),
            ("\u{1100}", 2, 2), ("\u{1161}", 0, 0), ("\u{11A8}", 0, 0), ("\u{D7B0}", 0, 0), ("\u{A960}", 2, 2),
            ("e\u{0301}", 1, 1), ("\u{200B}", 0, 0), ("\u{00AD}", 1, 2),
            ("☀", 1, 1), ("☀\u{FE0F}", 2, 2), ("❄\u{FE0F}", 2, 2), ("☔", 2, 2), ("🌧", 1, 1), ("🌧\u{FE0F}", 2, 2),
            ("🚗", 2, 2),
            ("👍🏽", 2, 2), ("👨\u{200D}👩\u{200D}👧", 2, 2), ("🇰🇷", 2, 2),
            ("※", 1, 2), ("★", 1, 2), ("█", 1, 2), ("①", 1, 2), ("░", 1, 1), ("✓", 1, 1),
            // The app's own marks are drawn narrow in a double-width terminal, so they stay one column.
            ("·", 1, 1), ("…", 1, 1), ("←", 1, 1), ("→", 1, 1), ("●", 1, 1), ("─", 1, 1), ("°", 1, 1),
        ] as [(String, Int, Int)])
    func columns(_ text: String, _ single: Int, _ double: Int) {
        #expect(Self.single.of(text) == single, "\(text.unicodeScalars.map { String($0.value, radix: 16) }) single")
        #expect(Self.double.of(text) == double, "\(text.unicodeScalars.map { String($0.value, radix: 16) }) double")
    }

    @Test func theAppsMarksGetNarrowStandInsOnlyInDoubleWidthTerminals() {
        let line = "9° · Food… ← → ● ─"
        #expect(Self.single.drawn(line) == line)
        let drawn = Self.double.drawn(line)
        #expect(drawn == "9∘ ∙ Food⋯ \u{FFE9} \u{FFEB} ∗ -")
        // What is drawn measures the same in both settings, so layouts keep their columns.
        #expect(Self.double.of(drawn) == Self.single.of(line))
    }

    @Test func truncationNeverSplitsAWideCharacterOrAnEmojiSequence() {
        #expect(Self.single.truncated("한강공원", to: 5) == "한강…")
        #expect(Self.single.truncated("ab👨\u{200D}👩\u{200D}👧cd", to: 4) == "ab…")
        #expect(Self.double.truncated("※※※", to: 5) == "※※⋯")
        #expect(Self.double.padded("※", to: 4) == "※  ")
    }
}
