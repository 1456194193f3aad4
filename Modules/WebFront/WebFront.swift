import AppCore
import Foundation
import HTTPTypes
import Hummingbird
import Localization
import Models
import ScreenRows

/// The pages a deployment serves to phones beside the /v2 API: the park list (`/`) and each park's home, parking,
/// forecast and outing screens (`/p/{park}[/{screen}]`), rendered from the same summary the API serves, in the same
/// words, with the same verdict. curl, wget and HTTPie get the terminal's text screen instead.
public struct WebFront: Sendable {
    let reads: PageReads
    let publicURL: PublicURL?
    /// Whether the data is simulated (the text form of the park list says so, as the app does).
    let simulated: Bool
    let templates = PageTemplates()
    let assets = Assets.shared
    let cache = PageCache()

    public init(reads: PageReads, publicURL: PublicURL?, simulated: Bool) {
        self.reads = reads
        self.publicURL = publicURL
        self.simulated = simulated
    }

    /// Registers the pages and their files on `router`, each for GET and HEAD; other methods get 405.
    public func register<Context: RequestContext>(on router: Router<Context>) {
        for route in PageRoute.allCases {
            get(route.routerPath, on: router) { request, context in
                switch route {
                case .parkList: await parkList(request)
                case .go: await go(request)
                case .parkHome, .parkScreen:
                    await park(
                        request, context.parameters.get(PageRoute.parkParameter) ?? "",
                        screen: context.parameters.get(PageRoute.screenParameter))
                case .beyondScreen: notFound(request, park: nil)
                }
            }
        }
        for (path, file) in assets.files {
            get(path, on: router) { _, _ in PageResponses.asset(file) }
        }
        let paths = PageRoute.allCases.map(\.routerPath) + assets.files.keys
        for method in [HTTPRequest.Method.post, .put, .delete, .patch] {
            for path in paths {
                router.on(RouterPath(path), method: method) { _, _ in PageResponses.methodNotAllowed() }
            }
        }
    }

    /// GET, and HEAD answered with the same status and headers and no body.
    private func get<Context: RequestContext>(
        _ path: String, on router: Router<Context>,
        _ respond: @escaping @Sendable (Request, Context) async -> Response
    ) {
        router.get(RouterPath(path)) { request, context in await respond(request, context) }
        router.head(RouterPath(path)) { request, context in
            let full = await respond(request, context)
            return Response(status: full.status, headers: full.headers, body: .init())
        }
    }

    func parkList(_ request: Request) async -> Response {
        let page = PageRequest(request)
        let list = await reads.parks()
        let now = reads.now()
        let version = list.map { "\($0.generatedAt.timeIntervalSince1970)" } ?? "none"
        let key = PageKey(page, request, path: "/", version: version, now: now, namesHost: publicURL == nil)
        if page.wantsText {
            guard let list else { return unavailable(page, scope(page, request, now: now)) }
            let body = cache.page(key) {
                ScreenParts.printedParks(
                    list, simulated: simulated, scope(page, request, now: now).ctx, mode: mode(page))
            }
            return PageResponses.text(body, language: page.language)
        }
        let body = cache.page(key) { templates.render(ParkListPage.values(list, scope(page, request, now: now))) }
        return PageResponses.html(body, language: page.language)
    }

    /// `/go?in=MINUTES`: every lot ranked for that arrival; a refused number is a 400 that says what it takes.
    func go(_ request: Request) async -> Response {
        let page = PageRequest(request)
        let text = request.uri.query == nil ? nil : request.uri.queryParameters.get(PageRoute.arrivalParameter)
        let minutes = GoPage.minutes(text)
        let served = await reads.lotForecasts()
        let now = reads.now()
        let status: HTTPResponse.Status
        switch minutes {
        case .failure: status = .badRequest
        case .success: status = served == nil ? .serviceUnavailable : .ok
        }
        let path =
            PageRoute.go.routerPath + "?" + PageRoute.arrivalParameter + "="
            + (text.map { String($0.prefix(16)) } ?? "")
        let key = PageKey(
            page, request, path: path, version: served?.etag ?? "none", now: now, namesHost: publicURL == nil)
        if page.wantsText {
            let scope = scope(page, request, now: now)
            switch (minutes, served) {
            case (.failure(let refused), _):
                let message = scope.l(.webGoInInvalid, refused.text, "\(ArrivalRanking.reachMinutes)")
                return PageResponses.text(ByteBuffer(string: message + "\n"), status: status, language: page.language)
            case (.success, nil): return unavailable(page, scope)
            case (.success(let minutes), let served?):
                let body = cache.page(key) {
                    PrintedScreen.printed(
                        GoPage.lines(served.value, minutes: minutes, scope), mode: mode(page), scope.ctx)
                }
                return PageResponses.text(body, language: page.language)
            }
        }
        let body = cache.page(key) {
            templates.render(GoPage.values(served?.value, minutes: minutes, scope(page, request, now: now)))
        }
        return PageResponses.html(body, status: status, language: page.language)
    }

    func park(_ request: Request, _ parkText: String, screen screenText: String?) async -> Response {
        let page = PageRequest(request)
        let lotText = request.uri.query == nil ? nil : request.uri.queryParameters.get("lot")
        let link: DeepLink
        do {
            link = try PageRoute.link(park: parkText, screen: screenText, lot: lotText)
        } catch {
            return notFound(request, park: error == .invalidPark(parkText) ? parkText : nil)
        }
        guard let park = reads.catalog.park(link.parkId) else { return notFound(request, park: parkText) }
        let (screen, lot) = (link.screen, link.lotId)
        if let lot, !reads.catalog.lots(in: park.id).contains(where: { $0.id == lot }) {
            return notFound(request, park: nil)
        }
        let now = reads.now()
        guard var served = await reads.home(park.id) else { return unavailable(page, scope(page, request, now: now)) }
        if screen == .outing { served.value = served.value.withWayThere(of: await reads.outing(park.id)) }
        let path = link.webPath
        let key = PageKey(page, request, path: path, version: served.etag, now: now, namesHost: publicURL == nil)
        // The scope (words, clock, widths) is made only when a page is rendered, not for every request.
        if page.wantsText {
            let body = cache.page(key) {
                ScreenParts.printed(
                    served.value, tab: AppTab(screen), scope(page, request, now: now).ctx, mode: mode(page))
            }
            return PageResponses.text(body, language: page.language)
        }
        let body = cache.page(key) {
            templates.render(
                ParkPages.values(served, screen: screen, lot: lot, path: path, scope(page, request, now: now)))
        }
        return PageResponses.html(body, language: page.language)
    }

    /// A 404 in the chosen language that lists the parks; the asked-for name appears only as escaped text.
    func notFound(_ request: Request, park: String?) -> Response {
        let page = PageRequest(request)
        let scope = scope(page, request)
        if page.wantsText {
            let message = park.map { scope.l(.webNoSuchPark, String($0.prefix(64))) } ?? scope.l(.webNoSuchPage)
            let parks = reads.catalog.parksWestToEast.map { "  \($0.id.rawValue)  \(scope.ctx.shortName($0))" }
            return PageResponses.text(
                ByteBuffer(string: ([message] + parks).joined(separator: "\n") + "\n"), status: .notFound,
                language: page.language)
        }
        return PageResponses.html(
            ByteBuffer(string: templates.render(ParkListPage.notFound(park: park, scope))), status: .notFound,
            language: page.language)
    }

    /// Nothing could be built yet (the first collection has not run): 503, said in words.
    func unavailable(_ page: PageRequest, _ scope: PageScope) -> Response {
        let message = scope.l(.stateUnavailable)
        guard !page.wantsText else {
            return PageResponses.text(
                ByteBuffer(string: message + "\n"), status: .serviceUnavailable, language: page.language)
        }
        var values = scope.chrome(title: message, heading: message, path: "/")
        values["parkList"] = ParkListPage.parks(nil, scope)
        return PageResponses.html(
            ByteBuffer(string: templates.render(values)), status: .serviceUnavailable, language: page.language)
    }

    private func scope(_ page: PageRequest, _ request: Request, now: Date? = nil) -> PageScope {
        PageScope(
            request: page,
            ctx: ScreenContext(
                language: page.language, catalog: reads.catalog, now: now ?? reads.now(),
                machineOffsetSeconds: ISO8601.seoulOffsetSeconds, width: 80),
            assets: assets, origin: origin(request))
    }

    /// The public address when one is set; else the address the request was sent to (its Host is part of the cache
    /// key, so one client's Host never appears on another's page).
    private func origin(_ request: Request) -> String {
        if let publicURL { return publicURL.description }
        let host = String((request.head.authority ?? "localhost").prefix(100))
        return "http://" + host
    }

    private func mode(_ page: PageRequest) -> RenderMode {
        page.color ? RenderMode(attributes: true, colors: true) : .plain
    }
}
