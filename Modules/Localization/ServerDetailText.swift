/// The reference server's source details ("not collected yet", "older than 15 min", ...) in the reader's language,
/// keyed by the server's English wording. A detail the client does not know is shown as the server wrote it.
public enum ServerDetailText {
    /// `detail` for `l`'s language.
    public static func localize(_ detail: String, _ l: Localizer) -> String {
        guard l.language != .en else { return detail }
        switch detail {
        case "placeholder positions around the park centre": return l(.serverDetailPlaceholderPositions)
        case "not collected yet": return l(.serverDetailNotCollected)
        case "last good response served after a failed rebuild": return l(.serverDetailLastGood)
        default: break
        }
        if detail.hasPrefix("source failing since ") {
            return l(.serverDetailFailingSince, String(detail.dropFirst(21)))
        }
        if detail.hasPrefix("source failing: ") { return l(.serverDetailSourceFailing, String(detail.dropFirst(16))) }
        if detail.hasPrefix("older than "), detail.hasSuffix(" min"),
            let minutes = Int(detail.dropFirst(11).dropLast(4))
        {
            return l(.serverDetailOlderThan, minutes)
        }
        return detail
    }
}
