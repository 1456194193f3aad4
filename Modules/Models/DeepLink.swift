/// A screen of the app.
public enum Screen: String, Sendable, Hashable, CaseIterable, Codable {
    case home, parking, forecast, outing
}

/// A `hangangjari://park/{parkId}/{screen}[?lot={lotId}]` link. Parse and print round-trip.
public struct DeepLink: Hashable, Sendable, CustomStringConvertible {
    /// The scheme, `hangangjari`.
    public static let scheme = "hangangjari"

    public var parkId: ParkID
    public var screen: Screen
    /// A lot to focus, on the parking and forecast screens.
    public var lotId: LotID?

    public init(parkId: ParkID, screen: Screen = .home, lotId: LotID? = nil) {
        self.parkId = parkId
        self.screen = screen
        self.lotId = lotId
    }

    /// Why a link was refused.
    public enum ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        case wrongScheme(String)
        case unknownHost(String)
        case missingPark
        case invalidIdentifier(String)
        case unknownScreen(String)
        case unexpectedPath(String)
        case unknownQuery(String)

        public var description: String {
            switch self {
            case .wrongScheme(let s): "not a hangangjari:// link (scheme '\(s)')"
            case .unknownHost(let h): "unknown link target '\(h)' (expected hangangjari://park/...)"
            case .missingPark: "the link names no park (expected hangangjari://park/{parkId}/{screen})"
            case .invalidIdentifier(let id): "'\(id)' is not a valid park or lot id (lowercase letters, digits and '-')"
            case .unknownScreen(let s): "unknown screen '\(s)' (expected home, parking, forecast or outing)"
            case .unexpectedPath(let p): "unexpected path segment '\(p)'"
            case .unknownQuery(let q): "unknown link parameter '\(q)' (only lot= is understood)"
            }
        }
    }

    /// Parses a link; `hangangjari://park/yeouido` means the home screen.
    public init(parsing text: String) throws(ParseError) {
        guard let schemeEnd = text.firstRange(of: "://") else { throw .wrongScheme(String(text.prefix(20))) }
        let scheme = String(text[..<schemeEnd.lowerBound])
        guard scheme.lowercased() == Self.scheme else { throw .wrongScheme(scheme) }
        var rest = Substring(text[schemeEnd.upperBound...])
        var query: Substring?
        if let q = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: q)...]
            rest = rest[..<q]
        }
        if rest.contains("#") { throw .unexpectedPath(String(rest)) }
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        let segments = rest.split(separator: "/", omittingEmptySubsequences: false)
        guard let host = segments.first, host == "park" else { throw .unknownHost(String(segments.first ?? "")) }
        guard segments.count >= 2, !segments[1].isEmpty else { throw .missingPark }
        let park = String(segments[1])
        guard Self.isValidIdentifier(park) else { throw .invalidIdentifier(park) }
        var screen = Screen.home
        if segments.count >= 3 {
            guard let s = Screen(rawValue: String(segments[2])) else { throw .unknownScreen(String(segments[2])) }
            screen = s
        }
        if segments.count > 3 { throw .unexpectedPath(String(segments[3])) }
        var lot: LotID?
        if let query, !query.isEmpty {
            for pair in query.split(separator: "&") {
                let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard kv.count == 2, kv[0] == "lot" else { throw .unknownQuery(String(pair)) }
                let id = String(kv[1])
                guard Self.isValidIdentifier(id) else { throw .invalidIdentifier(id) }
                lot = LotID(id)
            }
        }
        self.init(parkId: ParkID(park), screen: screen, lotId: lot)
    }

    /// The canonical text of the link.
    public var description: String {
        var out = "\(Self.scheme)://park/\(parkId.rawValue)/\(screen.rawValue)"
        if let lotId { out += "?lot=\(lotId.rawValue)" }
        return out
    }

    /// Ids are 1 to 64 characters of `a-z`, `0-9` and `-`.
    public static func isValidIdentifier(_ id: String) -> Bool {
        !id.isEmpty && id.utf8.count <= 64
            && id.utf8.allSatisfy { ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) || $0 == 45 }
    }
}
