import AppCore
import Foundation
import Localization
import Models
import ScreenRows

/// What every page is drawn with: the request's language, the screen context at the server's time, the assets'
/// names, and links that keep a chosen language.
struct PageScope {
    let request: PageRequest
    let ctx: ScreenContext
    let assets: Assets
    /// Where this deployment is reached (the public address, else the request's host), for the curl hint.
    let origin: String

    var l: Localizer { ctx.l }

    /// An internal link; a language chosen by `?lang=` is kept.
    func href(_ path: String) -> String {
        guard request.explicitLanguage else { return path }
        return path + (path.contains("?") ? "&" : "?") + "lang=" + request.language.rawValue
    }

    /// The values every page has: language, titles, assets, the language switch, and empty lists for the sections
    /// a page leaves out (a template guards a wrapper on a list being empty, never on its absence).
    func chrome(title: String, heading: String, path: String) -> [String: Any] {
        let base = path.split(separator: "?").first.map(String.init) ?? path
        let query = path.contains("?") ? path[path.index(after: path.firstIndex(of: "?")!)...] + "&" : ""
        return [
            "lang": request.language.rawValue, "title": title, "heading": heading, "style": assets.style,
            "js": assets.scriptPath, "skip": l(.webSkip), "languageLabel": l(.webLanguage),
            "appTitle": l(.appTitle), "homeHref": href("/"), "screensLabel": l(.webScreens),
            "languages": Language.allCases.map { language in
                [
                    "code": language.rawValue, "name": Localizer(language)(.webLanguageName),
                    "href": base + "?" + query + "lang=" + language.rawValue,
                    "current": language == request.language,
                ] as [String: Any]
            },
            "badges": [[String: Any]](), "tabs": [[String: Any]](), "rows": [[String: Any]](),
            "notes": [[String: Any]](), "staleWord": l(.stateStale), "offlineText": l(.webOffline, "%@"),
            "awayText": l(.webDistanceAway, "%@"), "locationRefused": l(.webLocationRefused, "%@"),
            "metreStep": DistanceWords.metreStep, "kilometreFrom": DistanceWords.kilometreFrom,
            "terminal": l(.webTerminal, origin + base), "license": l(.webDataLicense),
            "generated": "", "nextRefresh": "",
        ]
    }

    /// The chrome of one park's screen: its name, the freshness badge of that screen, the tabs, when it was built.
    func parkChrome(_ served: ServedSummary, screen: Screen, path: String) -> [String: Any] {
        let summary = served.value
        let name = ctx.name(summary.park)
        let tab = AppTab(screen)
        var page = chrome(
            title: name + " · " + l(ScreenParts.tab(tab)) + " · " + l(.appTitle), heading: name, path: path)
        page["badges"] = LineView.spans(ScreenParts.freshness(summary, screen: screen, ctx))
        page["sourceNotes"] = ScreenParts.sourceNotes(summary, screen: screen, ctx)
        page["tabs"] =
            Screen.allCases.map { candidate in
                [
                    "name": l(ScreenParts.tab(AppTab(candidate))),
                    "href": href(DeepLink(parkId: summary.park.id, screen: candidate).webPath),
                    "current": candidate == screen,
                ] as [String: Any]
            } + [["name": l(ScreenParts.tab(.parks)), "href": href("/"), "current": false]]
        page["asOf"] = l(.webAsOf, ctx.clock(summary.generatedAt))
        page["generated"] = ISO8601.format(summary.generatedAt)
        page["nextRefresh"] = ISO8601.format(served.nextRefresh())
        return page
    }
}
