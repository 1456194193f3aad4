import Foundation
import Models
import ServerSources

/// Facility groups of a park. The counts and positions are simulated placeholders around the park centre
/// (labelled simulated in the source table) until a facility dataset is wired in.
enum FacilityDirectory {
    static func groups(for park: Park) -> [FacilityGroup] {
        let kinds: [(FacilityKind, String, String, Int)] = [
            (.restroom, "화장실", "Restroom", 3), (.convenienceStore, "편의점", "Convenience store", 2),
            (.bikeRental, "따릉이 대여소", "Ttareungyi bike station", 2), (.drinkingFountain, "음수대", "Drinking fountain", 2),
            (.playground, "어린이 놀이터", "Playground", 1),
        ]
        return kinds.map { kind, ko, en, base in
            let count = base + Int(DeterministicNoise.unit("facility-\(kind.rawValue)-\(park.id.rawValue)", 0) * 3)
            let locations = (0..<count).map { i -> FacilityLocation in
                let dLat = (DeterministicNoise.unit("fac-lat-\(park.id.rawValue)-\(kind.rawValue)", i) - 0.5) * 0.006
                let dLon = (DeterministicNoise.unit("fac-lon-\(park.id.rawValue)-\(kind.rawValue)", i) - 0.5) * 0.012
                return FacilityLocation(
                    name: PublicText(
                        ko: "\(park.shortNameKo) \(ko) \(i + 1)", en: "\(park.shortNameEn) \(en) \(i + 1)"),
                    coordinate: Coordinate(lat: park.coordinate.lat + dLat, lon: park.coordinate.lon + dLon))
            }
            return FacilityGroup(kind: .known(kind), count: count, locations: locations)
        }
    }
}
