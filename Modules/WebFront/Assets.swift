import Crypto
import Foundation
import Localization
import Models

/// The static files: the script under a content-hashed name (cached for a year, immutable), and the service worker,
/// manifest and icon under fixed names (revalidated, since their names cannot change); the stylesheet, inlined in
/// every page, and its hash for the Content-Security-Policy.
struct Assets: Sendable {
    struct File: Sendable {
        var body: Data
        var contentType: String
        var immutable: Bool
    }

    /// The stylesheet as pages inline it.
    let style = AssetSources.css
    /// `'sha256-…'` of the stylesheet, for `style-src`.
    let styleSource: String
    let scriptPath: String
    let files: [String: File]

    /// The one set of files (they are constants: made once, at first use).
    static let shared = Assets()

    init() {
        let css = Data(AssetSources.css.utf8)
        // The pages' paths come from the one route table (`{park}` is filled in by the script).
        let parkingPage = PageRoute.path(DeepLink(parkId: ParkID("{park}"), screen: .parking))
        let script = Data(
            AssetSources.script.replacingOccurrences(of: "PARKING_PAGE", with: Self.literal(parkingPage)).utf8)
        styleSource = "'sha256-" + Data(SHA256.hash(data: css)).base64EncodedString() + "'"
        scriptPath = "/assets/app." + Self.hash(script) + ".js"
        let precached = [scriptPath, "/icon.svg"].map { "\"\($0)\"" }.joined(separator: ",")
        let worker = AssetSources.serviceWorker
            .replacingOccurrences(of: "ASSET_LIST", with: "[" + precached + "]")
            .replacingOccurrences(of: "VERSION", with: Self.hash(css + script))
            .replacingOccurrences(of: "PARK_LIST", with: Self.literal(PageRoute.parkList.routerPath))
            .replacingOccurrences(of: "PARK_PAGES", with: Self.literal(PageRoute.parkPrefix))
        files = [
            scriptPath: File(body: script, contentType: "text/javascript; charset=utf-8", immutable: true),
            "/sw.js": File(body: Data(worker.utf8), contentType: "text/javascript; charset=utf-8", immutable: false),
            "/icon.svg": File(body: Data(AssetSources.icon.utf8), contentType: "image/svg+xml", immutable: false),
            "/manifest.webmanifest": File(
                body: Self.manifest, contentType: "application/manifest+json", immutable: false),
        ]
    }

    /// A JavaScript string literal of a path (paths hold no quote or backslash).
    static func literal(_ path: String) -> String { "\"" + path + "\"" }

    /// Ten hex digits of the content's SHA-256: a new file gets a new name.
    static func hash(_ data: Data) -> String { Hex.lowercase(SHA256.hash(data: data).prefix(5)) }

    /// The web app manifest: installable on a phone's home screen, named in Korean and English.
    static let manifest: Data = {
        let (korean, english) = (Localizer(.ko)(.appTitle), Localizer(.en)(.appTitle))
        let fields: [String: Any] = [
            "name": korean + " " + english, "short_name": korean, "start_url": PageRoute.parkList.routerPath,
            "scope": PageRoute.parkList.routerPath,
            "display": "standalone", "background_color": "#ffffff", "theme_color": "#0b4f8a", "lang": "ko",
            "icons": [["src": "/icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"]],
        ]
        return (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])) ?? Data("{}".utf8)
    }()
}
