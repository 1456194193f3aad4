import Foundation
import HTTPTypes
import Hummingbird
import Localization

/// What a request asks of a page: its language, and whether the client wants the terminal's text.
struct PageRequest: Hashable, Sendable {
    var language: Language
    /// Whether the language was chosen by `?lang=` (links on the page then keep it).
    var explicitLanguage: Bool
    var wantsText: Bool
    /// ANSI colour in the text form (`?color`).
    var color: Bool

    init(language: Language, explicitLanguage: Bool, wantsText: Bool, color: Bool) {
        self.language = language
        self.explicitLanguage = explicitLanguage
        self.wantsText = wantsText
        self.color = color
    }

    init(_ request: Request) {
        // Most requests carry no query: skip parsing one.
        let query = request.uri.query == nil ? nil : request.uri.queryParameters
        let chosen = query?.get("lang").flatMap(Language.init(rawValue:))
        language = chosen ?? Self.negotiate(request.headers[.acceptLanguage])
        explicitLanguage = chosen != nil
        wantsText = Self.wantsText(userAgent: request.headers[.userAgent], accept: request.headers[.accept])
        color = query?.has("color") ?? false
    }

    /// The first of the client's languages we have; Korean without a header (a Seoul service), English when the
    /// client asks only for others (a visitor reads English sooner than Korean).
    static func negotiate(_ header: String?) -> Language {
        guard let header, !header.isEmpty else { return .ko }
        // A browser's first choice without a weight decides at once (the common case), read as bytes.
        let bytes = header.utf8
        let first = bytes[..<(bytes.firstIndex(of: UInt8(ascii: ",")) ?? bytes.endIndex)]
        if !first.contains(UInt8(ascii: ";")), let language = language(of: first) { return language }
        let ranked = header.split(separator: ",").enumerated().compactMap { index, part -> (Substring, Double, Int)? in
            let pieces = part.split(separator: ";")
            guard let tag = pieces.first?.trimmingCharacters(in: .whitespaces), !tag.isEmpty else { return nil }
            let weight = pieces.dropFirst().lazy.map { $0.trimmingCharacters(in: .whitespaces) }.first {
                $0.hasPrefix("q=")
            }
            return (Substring(tag), weight.flatMap { Double($0.dropFirst(2)) } ?? 1, index)
        }.filter { $0.1 > 0 }.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.2 < $1.2 }
        for (tag, _, _) in ranked {
            if let language = language(of: tag.utf8[...]) { return language }
        }
        return .en
    }

    /// `ko`, `ko-KR`, `en`, `en-US` (any case) name a language we have.
    static func language(of tag: Substring.UTF8View.SubSequence) -> Language? {
        var bytes = tag.drop { $0 == UInt8(ascii: " ") }.makeIterator()
        guard let first = bytes.next(), let second = bytes.next() else { return nil }
        if let third = bytes.next(), third != UInt8(ascii: "-") { return nil }
        switch (first | 0x20, second | 0x20) {  // ASCII lowercase
        case (UInt8(ascii: "k"), UInt8(ascii: "o")): return .ko
        case (UInt8(ascii: "e"), UInt8(ascii: "n")): return .en
        default: return nil
        }
    }

    /// curl, wget and HTTPie get text, as does anyone asking for `text/plain` before HTML.
    static func wantsText(userAgent: String?, accept: String?) -> Bool {
        if let agent = userAgent?.utf8, ["curl/", "wget/", "httpie/"].contains(where: { startsCaseless(agent, $0) }) {
            return !(accept?.contains("text/html") ?? false)
        }
        guard let accept = accept?.utf8, startsCaseless(accept, "text/plain") else { return false }
        let next = accept.dropFirst(10).first
        return next == nil || next == UInt8(ascii: ",") || next == UInt8(ascii: ";") || next == UInt8(ascii: " ")
    }

    /// Whether `text` begins with the lowercase ASCII `prefix`, in any case.
    private static func startsCaseless(_ text: String.UTF8View, _ prefix: String) -> Bool {
        var bytes = text.makeIterator()
        for expected in prefix.utf8 {
            guard let byte = bytes.next(), byte | 0x20 == expected | 0x20 else { return false }
        }
        return true
    }
}
