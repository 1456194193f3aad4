import Foundation
import Models

/// Matches citydata parking rows to catalog lots by normalised name (landmarks in brackets, "한강공원" and "한강"
/// dropped), one row to one lot or to several lots it counts together ("이촌3, 4주차장"), then by position. Rows
/// that match nothing are reported, never guessed.
public struct LotMatcher: Sendable {
    public struct Match: Sendable, Hashable {
        /// The lots this row counts: one, or several counted together.
        public var lotIds: [LotID]
        public var row: Citydata.ParkingRow
    }

    public let lots: [ParkingLot]
    /// Largest distance for a match by position.
    public var maxDistanceMeters = 150.0

    public init(lots: [ParkingLot]) {
        self.lots = lots
    }

    /// Matched rows (one per lot or group: of several rows for the same lots the one with the newest live count
    /// wins) and the names of rows that match no lot.
    public func match(_ rows: [Citydata.ParkingRow]) -> (matches: [Match], unmatched: [String]) {
        var matches: [Match] = []
        var unmatched: [String] = []
        for row in rows {
            guard let ids = lotIds(for: row) else {
                if !unmatched.contains(row.name) { unmatched.append(row.name) }
                continue
            }
            if let i = matches.firstIndex(where: { !Set($0.lotIds).isDisjoint(with: ids) }) {
                if Self.newer(row, than: matches[i].row) { matches[i] = Match(lotIds: ids, row: row) }
            } else {
                matches.append(Match(lotIds: ids, row: row))
            }
        }
        return (matches, unmatched)
    }

    func lotIds(for row: Citydata.ParkingRow) -> [LotID]? {
        let key = Self.key(row.name)
        let samePark = lots.map { ($0, Self.key($0.nameKo)) }.filter { $0.1.prefix == key.prefix }
        if let exact = samePark.first(where: { $0.1.numbers == key.numbers }) { return [exact.0.id] }
        let parts = samePark.filter { !$0.1.numbers.isEmpty && $0.1.numbers.isSubset(of: key.numbers) }
        if parts.count >= 2, parts.reduce(into: Set<Int>(), { $0.formUnion($1.1.numbers) }) == key.numbers {
            return parts.map(\.0.id)
        }
        if key.numbers.count <= 1, let position = row.coordinate {
            let near = lots.filter { $0.coordinate.distance(to: position) <= maxDistanceMeters }
            if near.count == 1 { return [near[0].id] }
        }
        return nil
    }

    static func newer(_ a: Citydata.ParkingRow, than b: Citydata.ParkingRow) -> Bool {
        if (a.parked != nil) != (b.parked != nil) { return a.parked != nil }
        return (a.observedAt ?? .distantPast) > (b.observedAt ?? .distantPast)
    }

    /// The place word and the set of lot numbers: "난지1,2,3,4주차장" → ("난지", [1,2,3,4]),
    /// "여의도한강공원1주차장(63빌딩앞)" → ("여의도", [1]), "잠원2-6주차장" → ("잠원", [2...6]).
    public static func key(_ name: String) -> (prefix: String, numbers: Set<Int>) {
        var trimmed = ""
        var depth = 0
        for ch in name {
            if "([{（［".contains(ch) {
                depth += 1
            } else if ")]}）］".contains(ch) {
                depth = max(0, depth - 1)
            } else if depth == 0 {
                trimmed.append(ch)
            }
        }
        for word in ["주차장", "한강공원", "한강", "공영"] { trimmed = trimmed.replacingOccurrences(of: word, with: "") }
        var prefix = ""
        var numbers = Set<Int>()
        var current = ""
        var rangeStart: Int?
        func flush() {
            if let n = Int(current) {
                if let start = rangeStart, start <= n, n - start < 20 {
                    numbers.formUnion(start...n)
                } else {
                    numbers.insert(n)
                }
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
                if ch != "," && ch != "·" && !ch.isWhitespace {
                    rangeStart = nil
                    prefix.append(ch)
                }
            }
        }
        flush()
        return (prefix, numbers)
    }
}
