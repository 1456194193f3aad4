import Foundation
import Localization
import Models

/// Web map services that open on any desktop.
public enum MapProvider: String, Sendable, CaseIterable {
    case kakao, naver, google
}

/// How to travel.
public enum TravelMode: String, Sendable, CaseIterable {
    case car, transit, walk
}

/// Where to go and how: a lot when driving, the park itself otherwise.
public struct DirectionsRequest: Sendable, Equatable {
    public var name: String
    public var coordinate: Coordinate
    public var mode: TravelMode

    public init(name: String, coordinate: Coordinate, mode: TravelMode) {
        self.name = name
        self.coordinate = coordinate
        self.mode = mode
    }

    /// Why directions could not be made.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case lotNotInPark(lot: String, park: String, lots: [String])

        public var description: String {
            switch self {
            case .lotNotInPark(let lot, let park, let lots):
                "lot '\(lot)' is not in \(park); its lots are \(lots.joined(separator: ", "))"
            }
        }
    }

    /// The destination: the named lot; by car without a lot, the recommended lot of the latest summary (else the
    /// largest lot); on foot or by transit, the park.
    public static func resolve(
        park: ParkID, lot: LotID?, mode: TravelMode, summary: HomeSummary?, catalog: Catalog
    ) throws(Failure) -> DirectionsRequest? {
        guard let parkInfo = catalog.park(park) else { return nil }
        let lots = catalog.lots(in: park)
        if let lot {
            guard let found = lots.first(where: { $0.id == lot }) else {
                throw .lotNotInPark(lot: lot.rawValue, park: park.rawValue, lots: lots.map(\.id.rawValue))
            }
            return DirectionsRequest(name: found.nameKo, coordinate: found.coordinate, mode: mode)
        }
        guard mode == .car else {
            return DirectionsRequest(name: parkInfo.nameKo, coordinate: parkInfo.coordinate, mode: mode)
        }
        guard let target = carTarget(park: park, summary: summary, catalog: catalog) else {
            return DirectionsRequest(name: parkInfo.nameKo, coordinate: parkInfo.coordinate, mode: mode)
        }
        return DirectionsRequest(name: target.nameKo, coordinate: target.coordinate, mode: mode)
    }

    /// The lot a driver is sent to: the recommended lot of the latest summary, else the park's largest lot.
    public static func carTarget(park: ParkID, summary: HomeSummary?, catalog: Catalog) -> ParkingLot? {
        let lots = catalog.lots(in: park)
        let recommended = summary?.parking.recommended.flatMap { r in lots.first { $0.id == r.lotId } }
        return recommended ?? lots.max(by: { $0.capacity < $1.capacity })
    }
}

/// Web links of Kakao Map, Naver Map and Google Maps, which open in any browser.
public enum MapLinks {
    /// Why a service cannot route a trip in Korea, or nil when it can. Google Maps has no driving or walking
    /// directions in Korea (Korean map data may not be exported), only public transit.
    public static func unroutable(_ map: MapProvider, _ mode: TravelMode) -> L10nKey? {
        map == .google && mode != .transit ? .mapGoogleTransitOnly : nil
    }

    /// The link for a trip, from `home` when one is set (coordinates only go into the link the user opens).
    public static func url(_ request: DirectionsRequest, map: MapProvider, from home: Coordinate? = nil) -> String {
        let name = encode(request.name)
        // The maps are Korean services: the start point is named in Korean whatever the app's language.
        let start = encode(Localizer(.ko)(.mapStart))
        let lat = format(request.coordinate.lat)
        let lon = format(request.coordinate.lon)
        switch map {
        case .kakao:
            guard let home else { return "https://map.kakao.com/link/to/\(name),\(lat),\(lon)" }
            let by =
                switch request.mode {
                case .car: "car"
                case .transit: "traffic"
                case .walk: "walk"
                }
            return
                "https://map.kakao.com/link/by/\(by)/\(start),\(format(home.lat)),\(format(home.lon))/\(name),\(lat),\(lon)"
        case .naver:
            let start = home.map { "\(format($0.lon)),\(format($0.lat)),\(start)" } ?? "-"
            return "https://map.naver.com/p/directions/\(start)/\(lon),\(lat),\(name)/-/\(request.mode.rawValue)"
        case .google:
            let travel =
                switch request.mode {
                case .car: "driving"
                case .transit: "transit"
                case .walk: "walking"
                }
            var url = "https://www.google.com/maps/dir/?api=1&destination=\(lat),\(lon)&travelmode=\(travel)"
            if let home { url += "&origin=\(format(home.lat)),\(format(home.lon))" }
            return url
        }
    }

    public static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    public static func format(_ value: Double) -> String {
        let scaled = (value * 1_000_000).rounded() / 1_000_000
        return "\(scaled)"
    }
}
