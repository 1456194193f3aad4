import Models

/// Finds a park from what a user types: its id, English or Korean name, short or long, any case.
public enum ParkLookup {
    /// Why a name matched no park, with the closest names.
    public struct NotFound: Error, Equatable, CustomStringConvertible {
        public var query: String
        public var suggestions: [ParkID]

        public var description: String {
            let hint = suggestions.isEmpty ? "" : " (did you mean \(suggestions.map(\.rawValue).joined(separator: " or "))?)"
            return "unknown park '\(query)'\(hint); `hangangjari parks` lists all 11"
        }
    }

    /// The park a query names.
    public static func find(_ query: String, in catalog: Catalog) throws(NotFound) -> Park {
        let wanted = normalize(query)
        for park in catalog.parks where names(of: park).contains(wanted) { return park }
        throw NotFound(query: query, suggestions: suggestions(for: wanted, in: catalog))
    }

    /// Up to two parks whose names are closest (edit distance) to the query.
    static func suggestions(for wanted: String, in catalog: Catalog) -> [ParkID] {
        let scored = catalog.parks.map { park in
            (park.id, names(of: park).map { editDistance($0, wanted) }.min() ?? Int.max)
        }
        let limit = max(2, wanted.count / 2)
        return scored.filter { $0.1 <= limit }.sorted { $0.1 < $1.1 }.prefix(2).map(\.0)
    }

    static func names(of park: Park) -> [String] {
        [park.id.rawValue, park.nameEn, park.shortNameEn, park.nameKo, park.shortNameKo].map(normalize)
    }

    static func normalize(_ text: String) -> String {
        String(text.lowercased().filter { !$0.isWhitespace && $0 != "-" && $0 != "_" })
    }

    /// Levenshtein distance over characters.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
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
