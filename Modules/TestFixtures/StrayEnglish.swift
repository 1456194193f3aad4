import Models

/// Finds English words in text that should be Korean: the check behind "no user-facing string bypasses the catalog".
public enum StrayEnglish {
    /// Latin words that are the same in Korean text: units, measures, codes, key names and product names.
    public static let allowed: Set<String> = [
        "m", "km", "ms", "p", "PM", "QR", "C", "KRW", "hangangjari", "open", "curl", "TLS", "JSON", "API", "URL",
        "http", "https",
        "Tab", "Enter", "Esc", "q", "r", "R", "f", "w", "d", "g", "j", "k", "h", "l", "s", "o", "Ctrl", "Kakao",
        "Naver", "Google",
        "P", "KST",
    ]

    /// Park and lot ids: codes the user types, shown as they are.
    static let ids = Set(Catalog.bundled.parks.map(\.id.rawValue) + Catalog.bundled.lots.map(\.id.rawValue))

    /// Latin words of `text` outside links, paths, host names, numbers, timestamps, program names, ids, `quoted
    /// commands` and 'echoed input', minus the allowed ones.
    public static func words(in text: String) -> Set<String> {
        let prose = text.split(separator: "\n").map { line in
            line.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 0 }.map(
                \.element
            ).joined(separator: " ")
                .split(separator: "'", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 0 }.map(
                    \.element
                ).joined(separator: " ")
        }.joined(separator: "\n")
        let tokens = prose.split { $0 == " " || $0 == "\n" }.filter { token in
            !token.contains("://") && !token.contains("/") && !token.contains(".") && !token.contains { $0.isNumber }
                && !token.hasPrefix("hangangjari") && !ids.contains(where: { token.hasPrefix($0) })
        }
        return Set(tokens.flatMap { $0.split { !($0.isASCII && $0.isLetter) } }.map(String.init)).subtracting(allowed)
    }
}
