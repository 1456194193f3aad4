/// How the terminal draws East Asian ambiguous-width characters (UAX #11 class A: · ° … ← → ● ─ ※ and more): in one
/// column, as most terminals do, or in two, as terminals set for CJK legacy width do (GNOME Terminal's and iTerm2's
/// "ambiguous-width characters: wide", `set ambiwidth=double`).
public enum AmbiguousWidth: String, Codable, Sendable, CaseIterable {
    case single
    case double
}

/// Terminal columns of text, by grapheme: Hangul, CJK, full-width forms and emoji take two columns; combining marks,
/// Hangul medial vowels and final consonants (conjoining jamo) and zero-width characters none; an emoji
/// presentation selector (VS16) makes a character two columns; ambiguous characters take what ``ambiguous`` says.
///
/// In a double-width terminal the app's own marks (· … ← → ● ─ °) are drawn as narrow stand-ins of the same meaning
/// (``drawn(_:)``), so every layout keeps its columns; other ambiguous characters (from event titles, say) count two.
public struct DisplayWidth: Sendable, Equatable {
    public var ambiguous: AmbiguousWidth

    public init(ambiguous: AmbiguousWidth) {
        self.ambiguous = ambiguous
    }

    /// Ambiguous characters in one column.
    public static let single = DisplayWidth(ambiguous: .single)

    /// The app's ambiguous marks and the narrow (class N or H) characters drawn in their place in a double-width
    /// terminal.
    static let narrowStandIns: [Unicode.Scalar: Unicode.Scalar] = [
        "·": "∙", "…": "⋯", "←": "\u{FFE9}", "→": "\u{FFEB}", "●": "∗", "─": "-", "°": "∘",
    ]

    /// The block a bar is drawn with: "█", or a narrow block where "█" would take two columns.
    public var barBlock: String { ambiguous == .double ? "▮" : "█" }

    /// `text` as it is drawn: unchanged in one-column terminals, the app's marks replaced by narrow stand-ins in
    /// double-width ones.
    public func drawn(_ text: String) -> String {
        guard ambiguous == .double, text.unicodeScalars.contains(where: { Self.narrowStandIns[$0] != nil }) else {
            return text
        }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { scalars.append(Self.narrowStandIns[scalar] ?? scalar) }
        return String(scalars)
    }

    /// Columns `text` occupies.
    public func of(_ text: String) -> Int {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return text.reduce(0) { $0 + width(of: $1) }
    }

    /// Pads with spaces on the right to `columns` (no truncation).
    public func padded(_ text: String, to columns: Int) -> String {
        text + String(repeating: " ", count: max(0, columns - of(text)))
    }

    /// Cuts `text` to at most `columns`, ending in "…" (as drawn) when something was cut (a wide character is never
    /// split).
    public func truncated(_ text: String, to columns: Int) -> String {
        guard of(text) > columns else { return text }
        guard columns > 0 else { return "" }
        var out = ""
        var used = 0
        for character in text {
            let w = width(of: character)
            if used + w > columns - 1 { break }
            out.append(character)
            used += w
        }
        return out + drawn("…")
    }

    /// Columns of one grapheme.
    public func width(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        // An emoji sequence (VS16, skin tone, ZWJ family) is drawn as one emoji, two columns.
        if scalars.count > 1, let base = scalars.first, base.properties.isEmoji,
            base.properties.isEmojiPresentation || scalars.contains("\u{FE0F}")
        {
            return 2
        }
        return scalars.reduce(0) { $0 + width(of: $1) }
    }

    func width(of scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x7F { return v < 0x20 ? 0 : 1 }
        if (0x1160...0x11FF).contains(v) || (0xD7B0...0xD7FF).contains(v) { return 0 }  // conjoining vowels and finals
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .control: return 0
        case .format where v != 0xAD: return 0
        default: break
        }
        if Self.contains(EastAsianWidthTable.wide, v) { return 2 }
        if ambiguous == .double, Self.narrowStandIns[scalar] == nil, Self.contains(EastAsianWidthTable.ambiguous, v) {
            return 2
        }
        return 1
    }

    static func contains(_ ranges: [ClosedRange<UInt32>], _ value: UInt32) -> Bool {
        var low = 0
        var high = ranges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            if value < ranges[middle].lowerBound {
                high = middle - 1
            } else if value > ranges[middle].upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    // The one-column measures, for text that is not drawn in the app's terminal (status bars, command help).

    /// Columns `text` occupies where ambiguous characters take one column.
    public static func of(_ text: String) -> Int { single.of(text) }

    /// ``padded(_:to:)`` where ambiguous characters take one column.
    public static func padded(_ text: String, to columns: Int) -> String { single.padded(text, to: columns) }

    /// ``truncated(_:to:)`` where ambiguous characters take one column.
    public static func truncated(_ text: String, to columns: Int) -> String { single.truncated(text, to: columns) }
}
