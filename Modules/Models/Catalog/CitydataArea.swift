/// A place of Seoul's real-time city data API (`citydata`): its code and the name it answers with.
public struct CitydataArea: Sendable, Hashable {
    /// `AREA_CD`, e.g. `POI105`.
    public var code: String
    /// `AREA_NM`, e.g. `여의도한강공원`: checked when a response carries no AREA_CD (older responses).
    public var name: String

    public init(code: String, name: String) {
        self.code = code
        self.name = name
    }
}

extension Catalog {
    /// The citydata places whose parking rows may list a park's lots, the park's own place first (its crowd and
    /// weather come from that one). A park's lots can be split across neighbouring places.
    public func citydataAreas(for park: ParkID) -> [CitydataArea] {
        citydataAreas[park] ?? self.park(park).map { [CitydataArea(code: $0.citydataAreaCode, name: $0.nameKo)] } ?? []
    }
}
