import Models
import Storage

/// Finds a park from what a user types: its id, English or Korean name, short or long, any case.
public enum ParkLookup {
    /// Why a name matched no park, with the closest names.
    public struct NotFound: Error, Equatable, CustomStringConvertible {
        public var query: String
        public var suggestions: [ParkID]

        public var description: String {
            let hint =
                suggestions.isEmpty ? "" : " (did you mean \(suggestions.map(\.rawValue).joined(separator: " or "))?)"
            return "unknown park '\(query)'\(hint); `hangangjari parks` lists all 11"
        }
    }

    /// The park a query names (the catalog's own lookup), or the closest names.
    public static func find(_ query: String, in catalog: Catalog) throws(NotFound) -> Park {
        if let park = catalog.findPark(query) { return park }
        let close = catalog.suggestions(for: query, limit: 2, maxDistance: max(2, query.count / 2))
        throw NotFound(query: query, suggestions: close.map(\.id))
    }
}

/// Finds what an alert watches from what a user types: a lot by id or name (`yeouido-3`, `여의도3주차장`), else a
/// park by anything the park lookup accepts.
public enum AlertTargetLookup {
    public static func find(_ query: String, in catalog: Catalog) throws(ParkLookup.NotFound) -> AlertTarget {
        if let lot = catalog.findLot(query) { return .lot(lot.id) }
        return .park(try ParkLookup.find(query, in: catalog).id)
    }
}
