import Foundation
import Localization
import Models
import ScreenRows
import ValueWording

/// The park list (`/`): the river overview, then the 11 parks west to east with free spaces, crowd and any source
/// that is not current. The 404 page lists the same parks.
enum ParkListPage {
    static func values(_ list: ParksResponse?, _ scope: PageScope) -> [String: Any] {
        let title = scope.l(.parksTitle)
        var page = scope.chrome(title: title + " · " + scope.l(.appTitle), heading: title, path: "/")
        page["parkList"] = parks(list, scope)
        if let list {
            page["asOf"] = scope.l(.webAsOf, scope.ctx.clock(list.generatedAt))
            page["generated"] = ISO8601.format(list.generatedAt)
        }
        return page
    }

    /// The river and the list, with live values when `list` has them and the catalog's parks otherwise.
    static func parks(_ list: ParksResponse?, _ scope: PageScope) -> [String: Any] {
        let ctx = scope.ctx
        let parks = ctx.catalog.parksWestToEast
        let items = Dictionary((list?.parks ?? []).map { ($0.park.id, $0) }, uniquingKeysWith: { a, _ in a })
        let west = parks.first?.coordinate.lon ?? 0
        let east = parks.last?.coordinate.lon ?? 1
        let places = riverPlaces(parks.map { ($0.coordinate.lon - west) / max(east - west, 0.0001) })
        var river: [[String: Any]] = []
        var rows: [[String: Any]] = []
        for (index, park) in parks.enumerated() {
            let href = scope.href(DeepLink(parkId: park.id).webPath)
            let item = items[park.id]
            let x = places[index]
            let share = item.flatMap { item in
                item.totalAvailable.map { Double($0) / Double(max(item.totalCapacity, 1)) }
            }
            river.append([
                "x": x, "number": index + 1,
                "cls": share.map { $0 < 0.1 ? "red" : $0 < 0.4 ? "yellow" : "green" } ?? "none",
            ])
            // Each value says what it is, in words a screen reader reads whole.
            let free = item.flatMap { item in
                item.totalAvailable.map {
                    scope.l(.webParkFree, ctx.count($0), ctx.count(item.totalCapacity))
                }
            }
            var row: [String: Any] = [
                "href": href, "number": index + 1, "name": ctx.shortName(park),
                "free": free ?? scope.l(.webParkNoCount),
                "crowd": ValueWords.crowd(item?.crowd) == .crowdUnknown
                    ? scope.l(.crowdUnknown) : scope.l(.webParkCrowd, scope.l(ValueWords.crowd(item?.crowd))),
            ]
            if let item, let available = item.totalAvailable, item.totalCapacity > 0 {
                row["meterTotal"] = item.totalCapacity
                row["meterFilled"] = available
            }
            if let freshness = item?.freshness, freshness.known != .fresh {
                row["state"] = scope.l(.webParkSources, scope.l(ValueWords.state(freshness)))
                row["stateClass"] = LineView.classes(ScreenParts.stateStyle(freshness))
            }
            rows.append(row)
        }
        return [
            "river": river, "parks": rows, "riverCaption": scope.l(.webRiver),
            "goHref": scope.href(PageRoute.go.routerPath), "goLabel": scope.l(.webGoLink),
        ]
    }

    /// Each park's x on the 320-unit river drawing, west to east by longitude (0...1), at least 20 units apart so
    /// neighbours such as Mangwon and Yanghwa never overlap.
    static func riverPlaces(_ shares: [Double]) -> [Int] {
        var places: [Double] = []
        for share in shares { places.append(max(14 + share * 292, (places.last ?? -20) + 20)) }
        guard let last = places.last, last > 306 else { return places.map { Int($0.rounded()) } }
        return places.map { Int((14 + ($0 - 14) * 292 / (last - 14)).rounded()) }
    }

    /// A 404: what was not found, in the chosen language, and the parks to choose from.
    static func notFound(park: String?, _ scope: PageScope) -> [String: Any] {
        let title = scope.l(.webNotFound)
        var page = scope.chrome(title: title + " · " + scope.l(.appTitle), heading: title, path: "/")
        let message = park.map { scope.l(.webNoSuchPark, String($0.prefix(64))) } ?? scope.l(.webNoSuchPage)
        page["notes"] = [["spans": [["text": message, "cls": ""]]]]
        page["parkList"] = parks(nil, scope)
        return page
    }
}
