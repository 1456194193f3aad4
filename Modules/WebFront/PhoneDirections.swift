import AppCore
import Foundation
import Localization
import Models
import ScreenRows

/// Directions for a phone: the map apps people in Seoul use (Kakao Map, Naver Map, TMAP) through their app links,
/// with the web pages of Kakao Map and Naver Map beside them for a phone without the app.
enum PhoneDirections {
    /// The home page's block: directions to the recommended lot's entrance (else the largest lot) by car.
    static func values(_ summary: HomeSummary, _ scope: PageScope) -> [String: Any]? {
        guard
            let target = DirectionsRequest.carTarget(
                park: summary.park.id, summary: summary, catalog: scope.ctx.catalog)
        else { return nil }
        return ["title": scope.l(.webDirections, scope.ctx.name(target)), "links": links(to: target, scope)]
    }

    /// App and web links to a lot's entrance by car.
    /// The outing's places with their positions, each linked to Kakao Map and Naver Map at that point (on foot to a
    /// station, a stop or a 따릉이 station; by car to a charger or a road work). The phone sorts them by its own
    /// position; nothing of it reaches the server.
    static func places(_ summary: HomeSummary, _ scope: PageScope) -> [String: Any]? {
        let places = ScreenParts.wayTherePlaces(summary, scope.ctx)
        guard !places.isEmpty else { return nil }
        let items = places.map { place -> [String: Any] in
            let request = DirectionsRequest(
                name: place.name, coordinate: place.coordinate, mode: place.walking ? .walk : .car)
            return [
                "label": place.label, "name": place.name, "detail": place.detail,
                "lat": "\(place.coordinate.lat)", "lon": "\(place.coordinate.lon)",
                "maps": [
                    ["name": scope.l(.webOpenWeb, scope.l(.webMapKakao)), "href": MapLinks.url(request, map: .kakao)],
                    ["name": scope.l(.webOpenWeb, scope.l(.webMapNaver)), "href": MapLinks.url(request, map: .naver)],
                ],
            ]
        }
        return ["nearestLabel": scope.l(.webNearestFirst), "items": items]
    }

    static func links(to lot: ParkingLot, _ scope: PageScope) -> [[String: Any]] {
        let request = DirectionsRequest(name: lot.nameKo, coordinate: lot.coordinate, mode: .car)
        let name = MapLinks.encode(lot.nameKo)
        let (lat, lon) = (MapLinks.format(lot.coordinate.lat), MapLinks.format(lot.coordinate.lon))
        let kakao = scope.l(.webMapKakao)
        let naver = scope.l(.webMapNaver)
        return [
            ["name": scope.l(.webOpenApp, kakao), "href": "kakaomap://route?ep=\(lat),\(lon)&by=CAR"],
            ["name": scope.l(.webOpenWeb, kakao), "href": MapLinks.url(request, map: .kakao)],
            [
                "name": scope.l(.webOpenApp, naver),
                "href": "nmap://route/car?dlat=\(lat)&dlng=\(lon)&dname=\(name)&appname=hangangjari",
            ],
            ["name": scope.l(.webOpenWeb, naver), "href": MapLinks.url(request, map: .naver)],
            ["name": scope.l(.webOpenApp, "TMAP"), "href": "tmap://route?goalname=\(name)&goalx=\(lon)&goaly=\(lat)"],
        ]
    }
}
