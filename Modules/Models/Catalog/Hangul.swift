/// Hangul facts the park search needs, without ICU.
public enum Hangul {
    /// The initial consonants (초성) in the order of the precomposed syllables, as compatibility jamo.
    static let initials: [Unicode.Scalar] = [
        "ㄱ", "ㄲ", "ㄴ", "ㄷ", "ㄸ", "ㄹ", "ㅁ", "ㅂ", "ㅃ", "ㅅ", "ㅆ", "ㅇ", "ㅈ", "ㅉ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ",
    ]

    /// Whether a scalar is a compatibility consonant (ㄱ U+3131 … ㅎ U+314E).
    public static func isCompatibilityConsonant(_ scalar: Unicode.Scalar) -> Bool {
        (0x3131...0x314E).contains(scalar.value)
    }

    /// The initial consonant of every syllable of `text` (반포한강공원 → ㅂㅍㅎㄱㄱㅇ); other characters are dropped.
    public static func initialConsonants(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where (0xAC00...0xD7A3).contains(scalar.value) {
            result.append(initials[Int(scalar.value - 0xAC00) / 588])
        }
        return String(result)
    }
}
