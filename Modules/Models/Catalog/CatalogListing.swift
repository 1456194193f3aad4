/// A plain-text listing of the catalog, west to east.
public enum CatalogListing {
    /// Renders parks with their lots and capacities, and the data attribution.
    public static func render(_ catalog: Catalog) -> String {
        var lines: [String] = []
        for park in catalog.parksWestToEast {
            let lots = catalog.lots(in: park.id)
            let capacity = lots.reduce(0) { $0 + $1.capacity }
            lines.append("\(park.nameEn) (\(park.nameKo)) [\(park.id.rawValue)]: \(lots.count) lots, \(capacity) spaces")
            for lot in lots {
                lines.append("  \(lot.nameEn) (\(lot.nameKo)) [\(lot.id.rawValue)]: \(lot.capacity) spaces, \(lot.hours.open)-\(lot.hours.close)")
            }
        }
        lines.append("\(catalog.parks.count) parks, \(catalog.lots.count) lots, \(catalog.totalCapacity) spaces.")
        lines.append("Source: Seoul Metropolitan Government (Seoul Open Data Plaza, KOGL Type 1).")
        return lines.joined(separator: "\n")
    }
}
