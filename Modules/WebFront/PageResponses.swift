import HTTPTypes
import Hummingbird
import Localization
import NIOCore

/// The headers every page and asset carries: a Content-Security-Policy without inline script or style, no sniffing,
/// no referrer, no framing; no cookies are ever set.
enum PageResponses {
    /// The policy of every answer: scripts only from this origin, the one inlined stylesheet by its hash, forms sent
    /// only here (`/go`'s arrival).
    static func contentSecurityPolicy(style: String) -> String {
        "default-src 'none'; script-src 'self'; style-src \(style); img-src 'self'; manifest-src 'self'; "
            + "connect-src 'self'; worker-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    }

    static let policy = contentSecurityPolicy(style: Assets.shared.styleSource)

    static func html(_ body: ByteBuffer, status: HTTPResponse.Status = .ok, language: Language) -> Response {
        Response(status: status, headers: language == .ko ? htmlKo : htmlEn, body: .init(byteBuffer: body))
    }

    static func text(_ body: ByteBuffer, status: HTTPResponse.Status = .ok, language: Language) -> Response {
        Response(status: status, headers: language == .ko ? textKo : textEn, body: .init(byteBuffer: body))
    }

    // Made once: a page's headers depend only on its form and language.
    private static let htmlKo = pageHeaders(.ko, contentType: "text/html; charset=utf-8")
    private static let htmlEn = pageHeaders(.en, contentType: "text/html; charset=utf-8")
    private static let textKo = pageHeaders(.ko, contentType: "text/plain; charset=utf-8")
    private static let textEn = pageHeaders(.en, contentType: "text/plain; charset=utf-8")

    /// A page in either form: revalidated each time (its service worker keeps a copy for offline), and varying by
    /// what picks the form and the language.
    private static func pageHeaders(_ language: Language, contentType: String) -> HTTPFields {
        var headers = secured()
        headers[.contentType] = contentType
        headers[.contentLanguage] = language.rawValue
        headers[.cacheControl] = "no-cache"
        headers[.vary] = "Accept, Accept-Language, User-Agent"
        return headers
    }

    static func asset(_ file: Assets.File) -> Response {
        var headers = secured()
        headers[.contentType] = file.contentType
        headers[.cacheControl] = file.immutable ? "public, max-age=31536000, immutable" : "no-cache"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: file.body)))
    }

    /// Pages take GET and HEAD only.
    static func methodNotAllowed() -> Response {
        var headers = secured()
        headers[.allow] = "GET, HEAD"
        headers[.contentType] = "text/plain; charset=utf-8"
        return Response(
            status: .methodNotAllowed, headers: headers, body: .init(byteBuffer: ByteBuffer(string: "GET, HEAD\n")))
    }

    static func secured() -> HTTPFields {
        var headers = HTTPFields()
        headers[.contentSecurityPolicy] = policy
        headers[.xContentTypeOptions] = "nosniff"
        headers[.referrerPolicy] = "no-referrer"
        headers[.xFrameOptions] = "DENY"
        return headers
    }
}

extension HTTPField.Name {
    static let contentSecurityPolicy = HTTPField.Name("Content-Security-Policy")!
    static let xContentTypeOptions = HTTPField.Name("X-Content-Type-Options")!
    static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
    static let xFrameOptions = HTTPField.Name("X-Frame-Options")!
}
