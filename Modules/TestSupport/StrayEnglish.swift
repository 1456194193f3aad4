/// Finds English words in text that should be Korean: the check behind "no user-facing string bypasses the catalog".
public enum StrayEnglish {
    /// Latin words that are the same in Korean text: units, measures, codes, key names and product names.
    public static let allowed: Set<String> = [
        "m", "km", "ms", "p", "PM", "C", "KRW", "hangangjari", "open", "curl", "TLS", "JSON", "API", "URL", "http", "https",
        "Tab", "Enter", "Esc", "q", "r", "R", "f", "w", "d", "g", "j", "k", "h", "l", "s", "o", "Ctrl", "Kakao", "Naver", "Google",
        "P", "KST",
    ]

    /// Latin words of `text` outside links, paths, host names, numbers, timestamps, program names and `quoted
    /// commands`, minus the allowed ones.
    public static func words(in text: String) -> Set<String> {
        let prose = text.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: " ")
        let tokens = prose.split { $0 == " " || $0 == "\n" }.filter { token in
            !token.contains("://") && !token.contains("/") && !token.contains(".") && !token.contains { $0.isNumber }
                && !token.hasPrefix("hangangjari")
        }
        return Set(tokens.flatMap { $0.split { !($0.isASCII && $0.isLetter) } }.map(String.init)).subtracting(allowed)
    }
}
