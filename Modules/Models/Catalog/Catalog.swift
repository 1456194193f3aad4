/// The parks and lots Hangangjari knows, with their stable ids.
public struct Catalog: Sendable, Hashable {
    /// License and provenance of the data (KOGL Type 1: attribution to Seoul Metropolitan Government).
    public let attribution: String
    /// The parks, in catalog order.
    public let parks: [Park]
    /// The lots, grouped by park in catalog order.
    public let lots: [ParkingLot]
    /// Each park's citydata places, its own first (see ``citydataAreas(for:)``).
    let citydataAreas: [ParkID: [CitydataArea]]
    /// Each park's transit hints in parts (see ``transit(for:)``).
    let transit: [ParkID: [TransitHint]]
    /// Where each park is in ``parks``: every park-scoped request looks its park up.
    private let positions: [ParkID: Int]

    public init(
        attribution: String, parks: [Park], lots: [ParkingLot], citydataAreas: [ParkID: [CitydataArea]] = [:],
        transit: [ParkID: [TransitHint]] = [:]
    ) {
        self.attribution = attribution
        self.parks = parks
        self.lots = lots
        self.citydataAreas = citydataAreas
        self.transit = transit
        positions = Dictionary(parks.enumerated().map { ($1.id, $0) }) { first, _ in first }
    }

    /// How to reach a park by transit, in parts; `Park.transitHints` holds the same hints as English sentences.
    public func transit(for park: ParkID) -> [TransitHint] { transit[park] ?? [] }

    /// The park with this id.
    public func park(_ id: ParkID) -> Park? { positions[id].map { parks[$0] } }

    /// The lot with this id.
    public func lot(_ id: LotID) -> ParkingLot? { lots.first { $0.id == id } }

    /// The lots of one park.
    public func lots(in park: ParkID) -> [ParkingLot] { lots.filter { $0.parkId == park } }

    /// The parks as they lie along the river, west to east.
    public var parksWestToEast: [Park] { parks.sorted { $0.coordinate.lon < $1.coordinate.lon } }

    /// Total number of spaces over all lots.
    public var totalCapacity: Int { lots.reduce(0) { $0 + $1.capacity } }

    /// The park nearest a position.
    public func nearestPark(to position: Coordinate) -> Park? {
        parks.min { $0.coordinate.distance(to: position) < $1.coordinate.distance(to: position) }
    }

    /// Finds a park by id, short or full name in Korean or English, case-insensitively.
    public func findPark(_ query: String) -> Park? {
        let q = Self.normalise(query)
        if let park = parks.first(where: { park in
            [park.id.rawValue, park.nameKo, park.nameEn, park.shortNameKo, park.shortNameEn].contains {
                Self.normalise($0) == q
            }
        }) {
            return park
        }
        // Initial consonants (초성), as Korean search boxes accept them: ㅂㅍ is 반포.
        guard !q.isEmpty, q.unicodeScalars.allSatisfy(Hangul.isCompatibilityConsonant) else { return nil }
        return parks.first { Hangul.initialConsonants($0.shortNameKo) == q || Hangul.initialConsonants($0.nameKo) == q }
    }

    /// Finds a lot by id or name in Korean or English, with the same normalisation as `findPark`.
    public func findLot(_ query: String) -> ParkingLot? {
        let q = Self.normalise(query)
        return lots.first { lot in [lot.id.rawValue, lot.nameKo, lot.nameEn].contains { Self.normalise($0) == q } }
    }

    /// The parks whose names are closest to `query` (edit distance), best first: for "did you mean". With
    /// `maxDistance`, parks farther than that are left out (a query like nothing gets no suggestion).
    public func suggestions(for query: String, limit: Int = 3, maxDistance: Int? = nil) -> [Park] {
        let q = Self.normalise(query)
        let scored = parks.map { park -> (Park, Int) in
            let names = [park.id.rawValue, park.shortNameKo, park.shortNameEn].map(Self.normalise)
            return (park, names.map { Self.editDistance(q, $0) }.min() ?? .max)
        }
        return scored.filter { $0.1 <= (maxDistance ?? .max) }
            .sorted { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0.id < $1.0.id) }.prefix(limit).map(\.0)
    }

    static func normalise(_ s: String) -> String {
        s.lowercased().filter { !$0.isWhitespace && $0 != "-" }
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
