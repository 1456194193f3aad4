import Foundation
import HTTPTypes
import Hummingbird
import Localization

/// What a request asks of a page: its language, and whether the client wants the terminal's text.
struct PageRequest: Sendable {
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
        let query = request.uri.queryParameters
        let chosen = query.get("lang").flatMap(Language.init(rawValue:))
        language = chosen ?? Self.negotiate(request.headers[.acceptLanguage])
        explicitLanguage = chosen != nil
        wantsText = Self.wantsText(userAgent: request.headers[.userAgent], accept: request.headers[.accept])
        color = query.has("color")
    }

    /// The first of the client's languages we have; Korean without a header (a Seoul service), English when the
    /// client asks only for others (a visitor reads English sooner than Korean).
    static func negotiate(_ header: String?) -> Language {
        guard let header, !header.isEmpty else { return .ko }
        let ranked = header.split(separator: ",").enumerated().compactMap { index, part -> (String, Double, Int)? in
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = pieces.first?.lowercased(), !tag.isEmpty else { return nil }
            let q = pieces.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            return (tag, q, index)
        }.filter { $0.1 > 0 }.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.2 < $1.2 }
        for (tag, _, _) in ranked {
            if tag == "ko" || tag.hasPrefix("ko-") { return .ko }
            if tag == "en" || tag.hasPrefix("en-") { return .en }
        }
        return .en
    }

    /// curl, wget and HTTPie get text, as does anyone asking for `text/plain` before HTML.
    static func wantsText(userAgent: String?, accept: String?) -> Bool {
        if let agent = userAgent?.lowercased(),
            agent.hasPrefix("curl/") || agent.hasPrefix("wget/") || agent.hasPrefix("httpie/")
        {
            return !(accept ?? "").contains("text/html")
        }
        guard let first = accept?.split(separator: ",").first?.split(separator: ";").first else { return false }
        return first.trimmingCharacters(in: .whitespaces) == "text/plain"
    }
}
