/// One of Seoul's 11 Hangang parks.
public struct Park: Hashable, Sendable, Codable, Identifiable {
    /// Stable id, e.g. `yeouido`.
    public var id: ParkID
    /// Korean name, e.g. 여의도한강공원.
    public var nameKo: String
    /// English name, e.g. Yeouido Hangang Park.
    public var nameEn: String
    /// Approximate centre of the park.
    public var coordinate: Coordinate
    /// Area code of the Seoul real-time city data API (`citydata`), e.g. `POI105`.
    public var citydataAreaCode: String
    /// Transit hints (stations and exits), as guidance.
    public var transitHints: [String]

    public init(
        id: ParkID, nameKo: String, nameEn: String, coordinate: Coordinate,
        citydataAreaCode: String, transitHints: [String] = []
    ) {
        self.id = id
        self.nameKo = nameKo
        self.nameEn = nameEn
        self.coordinate = coordinate
        self.citydataAreaCode = citydataAreaCode
        self.transitHints = transitHints
    }

    /// The short name without the "Hangang Park" suffix: 여의도 / Yeouido.
    public var shortNameKo: String { nameKo.replacingSuffix("한강공원") }
    /// The short English name: Yeouido.
    public var shortNameEn: String { nameEn.replacingSuffix(" Hangang Park") }
}

extension String {
    func replacingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
