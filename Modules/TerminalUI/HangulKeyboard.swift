/// With the input method in Hangul mode a key arrives as the jamo printed on it (q as ㅂ, r as ㄱ, f as ㄹ). The
/// app's keys are Latin letters, so a jamo is read as the key of the standard two-set (두벌식) layout that types it.
enum HangulKeyboard {
    static let latinByJamo: [Character: Character] = {
        let lower = Array("qwertyuiopasdfghjklzxcvbnm")
        let jamo = Array("ㅂㅈㄷㄱㅅㅛㅕㅑㅐㅔㅁㄴㅇㄹㅎㅗㅓㅏㅣㅋㅌㅊㅍㅠㅜㅡ")
        var table = Dictionary(uniqueKeysWithValues: zip(jamo, lower))
        // Shifted keys that type a jamo of their own.
        for (shifted, latin) in zip(Array("ㅃㅉㄸㄲㅆㅒㅖ"), Array("QWERTOP")) { table[shifted] = latin }
        return table
    }()

    /// The Latin key that types `jamo` in Hangul mode, or nil for any other character.
    static func latin(for jamo: Character) -> Character? { latinByJamo[jamo] }
}
