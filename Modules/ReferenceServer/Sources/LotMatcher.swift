import Foundation
import Models

/// Matches citydata parking rows to catalog lots by normalised name, then by distance; unmatched rows are reported,
/// never guessed (a row for "이촌3, 4주차장" covers two lots and matches neither).
public struct LotMatcher: Sendable {
    public struct Match: Sendable, Hashable {
        public var lotId: LotID
        public var row: Citydata.ParkingRow
    }

    public let lots: [ParkingLot]
    /// Largest distance for a match by position.
    public var maxDistanceMeters = 150.0

    public init(lots: [ParkingLot]) {
        self.lots = lots
    }

    /// Matched rows, and the names of rows that match no single lot.
    public func match(_ rows: [Citydata.ParkingRow]) -> (matches: [Match], unmatched: [String]) {
        var matches: [Match] = []
        var unmatched: [String] = []
        var taken = Set<LotID>()
        for row in rows {
            let key = Self.key(row.name)
            var candidate: ParkingLot? = lots.first { Self.key($0.nameKo) == key }
            if candidate == nil, key.numbers.count <= 1, let position = row.coordinate {
                let near = lots.filter { $0.coordinate.distance(to: position) <= maxDistanceMeters }
                if near.count == 1 { candidate = near[0] }
            }
            if let lot = candidate, !taken.contains(lot.id) {
                taken.insert(lot.id)
                matches.append(Match(lotId: lot.id, row: row))
            } else {
                unmatched.append(row.name)
            }
        }
        return (matches, unmatched)
    }

    /// Name prefix without digits and punctuation, and the set of lot numbers: "난지1,2,3,4주차장" → ("난지", [1,2,3,4]).
    static func key(_ name: String) -> (prefix: String, numbers: Set<Int>) {
        let trimmed = name.replacingOccurrences(of: "주차장", with: "").replacingOccurrences(of: "한강공원", with: "")
        var prefix = ""
        var numbers = Set<Int>()
        var current = ""
        var rangeStart: Int?
        func flush() {
            if let n = Int(current) {
                if let start = rangeStart, start <= n, n - start < 20 { numbers.formUnion(start...n) } else { numbers.insert(n) }
            }
            current = ""
        }
        for ch in trimmed {
            if ch.isNumber {
                current.append(ch)
            } else if ch == "-" || ch == "~" {
                rangeStart = Int(current)
                current = ""
            } else {
                flush()
                if ch != "," && !ch.isWhitespace { rangeStart = nil; prefix.append(ch) }
            }
        }
        flush()
        return (prefix, numbers)
    }
}
