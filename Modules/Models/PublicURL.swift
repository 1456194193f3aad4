/// Where people reach a deployment's pages: `https://host[:port][/prefix]`, without a trailing slash. A phone opens
/// a park's screen at ``page(_:)``.
public struct PublicURL: Hashable, Sendable, CustomStringConvertible {
    /// Why an address cannot serve as the public one.
    public struct Invalid: Error, Sendable, Equatable, CustomStringConvertible {
        public let reason: String
        public var description: String { reason }
    }

    /// The address, e.g. `https://hangang.example.org`.
    public let description: String

    /// Accepts `http://` or `https://` with a host, an optional port and path; no query, fragment or credentials.
    public init(_ text: String) throws(Invalid) {
        var text = Substring(text).drop { $0 == " " }
        while text.hasSuffix(" ") { text.removeLast() }
        let lower = text.lowercased()
        guard let schemeEnd = ["https://", "http://"].first(where: { lower.hasPrefix($0) })?.count else {
            throw Invalid(reason: "'\(text.prefix(40))' must start with https:// or http://")
        }
        while text.count > schemeEnd, text.hasSuffix("/") { text.removeLast() }
        let rest = text.dropFirst(schemeEnd)
        let host = rest.prefix { $0 != "/" && $0 != ":" }
        guard !host.isEmpty else { throw Invalid(reason: "'\(text.prefix(40))' names no host") }
        guard !text.contains(where: { "?#@ \"<>\\".contains($0) }), text.unicodeScalars.allSatisfy(\.isASCII) else {
            throw Invalid(reason: "'\(text.prefix(40))' may hold no query, fragment, credentials, spaces or quotes")
        }
        description = String(text)
    }

    /// The page of a park's screen, e.g. `https://hangang.example.org/p/banpo/parking`.
    public func page(_ link: DeepLink) -> String { description + link.webPath }

    /// The `/go` page, for an arrival in `minutes` when said (a position is never put in a link).
    public func goPage(arrivalMinutes minutes: Int?) -> String {
        description + PageRoute.go.routerPath + (minutes.map { "?\(PageRoute.arrivalParameter)=\($0)" } ?? "")
    }
}

extension DeepLink {
    /// The same park and screen as a page of the web front (`PageRoute.path`).
    public var webPath: String { PageRoute.path(self) }
}
