import Localization

/// The bundled catalog as text, for `hangangjari catalog`.
public enum CatalogListing {
    /// Renders parks with their lots and capacities, and the data attribution, in `l`'s language.
    public static func render(_ catalog: Catalog, _ l: Localizer) -> String {
        var lines: [String] = []
        for park in catalog.parksWestToEast {
            let lots = catalog.lots(in: park.id)
            let capacity = lots.reduce(0) { $0 + $1.capacity }
            lines.append(
                l(
                    .catalogParkLine, park.nameEn, park.nameKo, park.id.rawValue,
                    l.plural(.catalogLots, count: lots.count), l.plural(.spacesCount, count: capacity)))
            for lot in lots {
                lines.append(
                    l(
                        .catalogLotLine, lot.nameEn, lot.nameKo, lot.id.rawValue,
                        l.plural(.spacesCount, count: lot.capacity),
                        lot.hours.open, lot.hours.close))
            }
        }
        lines.append(
            l(
                .catalogTotal, l.plural(.catalogParks, count: catalog.parks.count),
                l.plural(.catalogLots, count: catalog.lots.count),
                l.plural(.spacesCount, count: catalog.totalCapacity)))
        lines.append(l(.catalogSource))
        return lines.joined(separator: "\n")
    }
}
