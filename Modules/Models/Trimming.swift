extension StringProtocol {
    /// The text without leading and trailing spaces and tabs (Foundation's `.whitespaces`: not line breaks).
    /// Written here because Foundation's `trimmingCharacters(in:)` would link all of Foundation into the widget.
    public var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0.isWhitespace && !$0.isNewline }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
