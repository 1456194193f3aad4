/// One key's text in one language: plain, or with plural forms.
public enum CatalogEntry: Sendable, Equatable {
    case text(String)
    /// `one` is nil where the language has no singular form (Korean).
    case plural(one: String?, other: String)
}

/// The compiled String Catalog (`Localization/Localizable.xcstrings`); see `StringCatalog+Generated.swift`.
public enum StringCatalog {
    /// The entry of a key in a language, falling back to English.
    public static func entry(_ key: L10nKey, _ language: Language) -> CatalogEntry? {
        lookup(key, language) ?? lookup(key, .en)
    }

    /// Every entry, for tests and tools (built on first use; the apps never need it).
    public static let all: [L10nKey: [Language: CatalogEntry]] = Dictionary(
        uniqueKeysWithValues: L10nKey.allCases.map { key in
            (
                key,
                Dictionary(
                    uniqueKeysWithValues: Language.allCases.compactMap { language in
                        lookup(key, language).map { (language, $0) }
                    })
            )
        })
}

/// Strings in one language. Formatting is done here, without `String(format:)`, so that no CoreFoundation or ICU
/// start-up lands on the widget's fast path.
public struct Localizer: Sendable {
    public let language: Language

    public init(_ language: Language) {
        self.language = language
    }

    /// The text of `key` with its placeholders (`%@`, `%lld`, `%d`, positional `%2$@`) filled in order.
    public func callAsFunction(_ key: L10nKey, _ arguments: any CustomStringConvertible...) -> String {
        text(key, arguments)
    }

    /// The text of `key` with `arguments` given as an array.
    /// A `Reason` among the arguments speaks this localizer's language.
    public func text(_ key: L10nKey, _ arguments: [any CustomStringConvertible]) -> String {
        let arguments: [any CustomStringConvertible] = arguments.map { ($0 as? Reason)?.text(self) ?? $0 }
        switch StringCatalog.entry(key, language) {
        case .text(let format)?: return Self.format(format, arguments)
        case .plural(_, let other)?: return Self.format(other, arguments)
        case nil: return key.rawValue
        }
    }

    /// The plural text of `key` for `count`; `count` is also the first argument unless `arguments` are given.
    public func plural(_ key: L10nKey, count: Int, _ arguments: any CustomStringConvertible...) -> String {
        let args: [any CustomStringConvertible] = arguments.isEmpty ? [count] : arguments
        switch StringCatalog.entry(key, language) {
        case .plural(let one, let other)?: return Self.format(count == 1 ? (one ?? other) : other, args)
        case .text(let format)?: return Self.format(format, args)
        case nil: return key.rawValue
        }
    }

    /// Fills `%@`, `%d`, `%lld` in order and `%N$@`/`%N$lld` by position; `%%` is a percent sign. Integers are
    /// grouped by thousands (1,213), so a count reads the same in every sentence and table.
    public static func format(_ format: String, _ arguments: [any CustomStringConvertible]) -> String {
        var out = ""
        var next = 0
        var i = format.startIndex
        while i < format.endIndex {
            let c = format[i]
            guard c == "%" else {
                out.append(c)
                i = format.index(after: i)
                continue
            }
            var j = format.index(after: i)
            guard j < format.endIndex else {
                out.append(c)
                break
            }
            if format[j] == "%" {
                out.append("%")
                i = format.index(after: j)
                continue
            }
            var position: Int?
            var digits = ""
            var k = j
            while k < format.endIndex, format[k].isNumber {
                digits.append(format[k])
                k = format.index(after: k)
            }
            if !digits.isEmpty, k < format.endIndex, format[k] == "$" {
                position = Int(digits).map { $0 - 1 }
                j = format.index(after: k)
            }
            var spec = ""
            while j < format.endIndex, "lhqz".contains(format[j]) {
                spec.append(format[j])
                j = format.index(after: j)
            }
            guard j < format.endIndex, "@diu".contains(format[j]) else {
                out.append(c)
                i = format.index(after: i)
                continue
            }
            let index = position ?? next
            if position == nil { next += 1 }
            if index < arguments.count {
                // One number format everywhere: integers are grouped by thousands (the same in Korean and English).
                let argument = arguments[index]
                out += (argument as? Int).map(Localizer.grouped) ?? argument.description
            }
            i = format.index(after: j)
        }
        return out
    }
}
