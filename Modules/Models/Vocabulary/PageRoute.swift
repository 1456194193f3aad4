/// The pages' one route table, as `Endpoint` is the /v2 side's: the web front registers its routes from it, a
/// `DeepLink` becomes a page path and a page path a `DeepLink` through it, and the service worker's scope and the
/// page script's links are filled in from it. A screen is spelled here only (by `Screen`'s raw values).
public enum PageRoute: CaseIterable, Sendable {
    /// `/`: the park list.
    case parkList
    /// `/go`: where to park when you arrive, every park's lots ranked (`?in=MINUTES`).
    case go
    /// `/p/{park}`: a park's home screen.
    case parkHome
    /// `/p/{park}/{screen}`: any screen of a park (`home` included).
    case parkScreen
    /// Anything deeper under a screen: no page (404).
    case beyondScreen

    /// The `/go` page's query parameter: the arrival in minutes from now.
    public static let arrivalParameter = "in"

    /// Where every park's pages start.
    public static let parkPrefix = "/p/"
    /// The router parameter naming the park.
    public static let parkParameter = "park"
    /// The router parameter naming the screen.
    public static let screenParameter = "screen"

    /// The route as routers take it (`:name` parameters, `**` for the rest).
    public var routerPath: String {
        switch self {
        case .parkList: "/"
        case .go: "/go"
        case .parkHome: Self.parkPrefix + ":" + Self.parkParameter
        case .parkScreen: Self.parkPrefix + ":" + Self.parkParameter + "/:" + Self.screenParameter
        case .beyondScreen: Self.parkPrefix + ":" + Self.parkParameter + "/:" + Self.screenParameter + "/**"
        }
    }

    /// The path of a link's page: `/p/{park}` for home, `/p/{park}/{screen}` otherwise, `?lot=` when a lot is focused.
    public static func path(_ link: DeepLink) -> String {
        var path = parkPrefix + link.parkId.rawValue
        if link.screen != .home { path += "/" + link.screen.rawValue }
        if let lotId = link.lotId { path += "?lot=" + lotId.rawValue }
        return path
    }

    /// Why a page path names no screen of a park.
    public enum Refusal: Error, Sendable, Equatable {
        /// The park segment is not an id.
        case invalidPark(String)
        /// No such screen.
        case unknownScreen(String)
        /// The lot is not an id.
        case invalidLot(String)
    }

    /// The link a matched page route names: the park and screen segments as the router read them, the `lot` query.
    public static func link(park: String, screen: String?, lot: String?) throws(Refusal) -> DeepLink {
        guard DeepLink.isValidIdentifier(park) else { throw .invalidPark(park) }
        guard let chosen = screen.map(Screen.init(rawValue:)) ?? .home else { throw .unknownScreen(screen ?? "") }
        if let lot, !DeepLink.isValidIdentifier(lot) { throw .invalidLot(lot) }
        return DeepLink(parkId: ParkID(park), screen: chosen, lotId: lot.map(LotID.init(rawValue:)))
    }
}
