import Foundation
import Localization
import Models
import ScreenRows
import TestFixtures
import Testing

@testable import WebFront

/// What a page is made of, without a server: the language a request gets, who gets text, how screen lines become
/// rows, and that every text from Seoul stays text.
@Suite struct WebFrontTests {
    @Test func theLanguageIsTheFirstOfTheClientsThatWeHave() {
        #expect(PageRequest.negotiate(nil) == .ko)
        #expect(PageRequest.negotiate("") == .ko)
        #expect(PageRequest.negotiate("en-US,en;q=0.9,ko;q=0.8") == .en)
        #expect(PageRequest.negotiate("ko-KR,ko;q=0.9,en-US;q=0.8") == .ko)
        #expect(PageRequest.negotiate("fr-FR,fr;q=0.9") == .en)
        #expect(PageRequest.negotiate("fr;q=0.9,ko;q=0.5,en;q=0.1") == .ko)
        #expect(PageRequest.negotiate("en;q=0,ko") == .ko)
    }

    @Test func curlWgetAndHTTPieGetTextUnlessTheyAskForHTML() {
        #expect(PageRequest.wantsText(userAgent: "curl/8.5.0", accept: "*/*"))
        #expect(PageRequest.wantsText(userAgent: "Wget/1.21.3", accept: nil))
        #expect(PageRequest.wantsText(userAgent: "HTTPie/3.2.2", accept: "*/*"))
        #expect(!PageRequest.wantsText(userAgent: "curl/8.5.0", accept: "text/html"))
        #expect(PageRequest.wantsText(userAgent: "Mozilla/5.0", accept: "text/plain, */*"))
        #expect(!PageRequest.wantsText(userAgent: "Mozilla/5.0", accept: "text/html,application/xhtml+xml"))
    }

    @Test func noTemplateWritesTextUnescaped() {
        for (name, text) in PageTemplates.sources {
            #expect(!text.contains("{{{") && !text.contains("{{&"), "\(name)")
        }
    }

    @Test func theInlinedStylesheetPassesTheTemplateUnchangedAndItsHashIsInThePolicy() {
        #expect(!AssetSources.css.contains(where: { "<>&\"'".contains($0) }))
        #expect(PageResponses.policy.contains("style-src " + Assets.shared.styleSource + ";"))
        #expect(!PageResponses.policy.contains("unsafe-inline"))
    }

    /// The script and the service worker take the pages' paths from `PageRoute`: no placeholder is left and no page
    /// path is spelled in them.
    @Test func theServedScriptsTakeThePagesPathsFromTheRouteTable() throws {
        let served = Assets.shared.files.filter { $0.value.contentType.hasPrefix("text/javascript") }
        #expect(served.count == 2)
        for (path, file) in served {
            let text = String(decoding: file.body, as: UTF8.self)
            for placeholder in ["PARK_LIST", "PARK_PAGES", "PARKING_PAGE", "VERSION", "ASSET_LIST"] {
                #expect(!text.contains(placeholder), "\(path) still holds \(placeholder)")
            }
            #expect(!AssetSources.script.contains("\"/p/") && !AssetSources.serviceWorker.contains("\"/p/"))
        }
        let worker = String(decoding: try #require(Assets.shared.files["/sw.js"]).body, as: UTF8.self)
        #expect(worker.contains("indexOf(\"\(PageRoute.parkPrefix)\")"))
        let script = String(decoding: try #require(Assets.shared.files[Assets.shared.scriptPath]).body, as: UTF8.self)
        #expect(script.contains("\"" + DeepLink(parkId: "{park}", screen: .parking).webPath + "\""))
    }

    @Test func aRowWithoutALabelContinuesTheRowAbove() {
        var first = Line([Span("Events      ", .bold), Span("Concert")])
        first.label = "Events"
        var second = Line([Span("            ", .bold), Span("Market", .dim)])
        second.label = ""
        let rows = LineView.rows([first, second, Line("a note")])
        #expect(rows.count == 1)
        #expect(rows[0]["rowLabel"] as? String == "Events")
        #expect((rows[0]["rowValues"] as? [[String: Any]])?.count == 2)
        #expect(LineView.lines([first, Line("a note"), .blank]).count == 1)
    }

    @Test func anEventTitleWithMarkupIsEscapedOnEveryScreenAndThePageIsSmall() throws {
        var summary = try Fixtures.homeSummary()
        let title = "<img src=x onerror=alert(1)>\"'&"
        summary.outing.signals.events = [
            ParkEvent(
                id: "e1", title: PublicText(ko: title, en: title), startsAt: summary.generatedAt,
                endsAt: summary.generatedAt.addingTimeInterval(3600), affectsParking: true,
                place: PublicText(ko: "<b>place</b>"))
        ]
        let generated = summary.generatedAt
        let served = ServedSummary(value: summary, etag: "\"x\"") { generated }
        let templates = PageTemplates()
        for language in Language.allCases {
            let scope = PageScope(
                request: PageRequest(language: language, explicitLanguage: false, wantsText: false, color: false),
                ctx: ScreenContext(
                    language: language, now: summary.generatedAt, machineOffsetSeconds: ISO8601.seoulOffsetSeconds,
                    width: 80),
                assets: .shared, origin: "http://127.0.0.1")
            for screen in Screen.allCases {
                let html = templates.render(
                    ParkPages.values(served, screen: screen, lot: nil, path: "/p/x", scope))
                #expect(!html.contains("<img") && !html.contains("<b>place"), "\(screen) \(language)")
                #expect(html.utf8.count <= 30 * 1024, "\(screen) \(language): \(html.utf8.count) bytes")
                if screen == .home || screen == .outing {
                    #expect(html.contains("&lt;img src=x onerror=alert(1)&gt;&quot;&#39;&amp;"), "\(screen)")
                }
            }
        }
    }
}
