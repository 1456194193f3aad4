/// An error that can say what went wrong in words for the user, in any language the catalog has.
public protocol ExplainableError: Error {
    /// A short sentence for the user, in `l`'s language.
    func explanation(_ l: Localizer) -> String
}

/// Why something is stale, unavailable or unsaved: the same fact in every language, plus the technical text
/// (English, stable) that `--json` output and logs carry.
public struct Reason: Sendable, Equatable, CustomStringConvertible {
    private let texts: [Language: String]
    /// The technical wording: the error's own description, for machines and bug reports.
    public let technical: String

    /// A reason from the catalog.
    public init(_ key: L10nKey, _ arguments: any CustomStringConvertible...) {
        self.init(key) { l in l.text(key, arguments) }
    }

    /// A reason from the catalog whose first argument lists `parts` in the same language ("; " between them).
    public init(_ key: L10nKey, joining parts: [Reason], _ arguments: any CustomStringConvertible...) {
        self.init(key) { l in l.text(key, [parts.map { $0.text(l) }.joined(separator: "; ")] + arguments) }
    }

    /// The text `render` gives in every language; the English one is the technical wording.
    private init(_ key: L10nKey, render: (Localizer) -> String) {
        var texts: [Language: String] = [:]
        for language in Language.allCases { texts[language] = render(Localizer(language)) }
        self.texts = texts
        technical = texts[.en] ?? key.rawValue
    }

    /// Text that came from outside (a server, the operating system), the same in every language.
    public init(verbatim text: String) {
        texts = Dictionary(uniqueKeysWithValues: Language.allCases.map { ($0, text) })
        technical = text
    }

    /// The reason an error gives: its explanation when it has one, else its description in every language
    /// (text from outside, such as the operating system's, is kept as it came).
    public init(_ error: any Error) {
        if let reason = error as? Reason {
            self = reason
            return
        }
        let technical = String(describing: error)
        var texts: [Language: String] = [:]
        for language in Language.allCases {
            texts[language] = (error as? any ExplainableError)?.explanation(Localizer(language)) ?? technical
        }
        self.texts = texts
        self.technical = technical
    }

    /// The reason in `l`'s language.
    public func text(_ l: Localizer) -> String {
        texts[l.language] ?? technical
    }

    /// The technical wording.
    public var description: String { technical }
}

extension Reason: Error {}
