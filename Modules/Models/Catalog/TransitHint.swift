import Localization

/// How to reach a park by public transit, stored in parts: the station, its lines, the exits and what follows.
/// The catalog's generator builds these from the reference data's sentences (and checks that ``english`` gives each
/// sentence back), so no reader ever parses a sentence.
public struct TransitHint: Hashable, Sendable {
    /// A subway line.
    public enum Line: Hashable, Sendable {
        case numbered(Int)
        case gyeonguiJungang
    }

    /// The exits to take.
    public enum Exits: Hashable, Sendable {
        /// Any of these (`exits 2/3`, or one: `exit 8-1`).
        case any([String])
        /// One or the other, as the reference data gives them (`exit 1 or 3`).
        case either(String, String)
    }

    /// What follows the exit.
    public enum Onward: Hashable, Sendable {
        case villageBus(String)
        case bus(String)
        case distance(metres: Int)
        case walk(minutes: Int)
        case walkway(metres: Int)
    }

    /// The station's Korean name, without 역.
    public var station: String
    public var lines: [Line]
    /// The name the station had before, when the reference data gives it.
    public var formerName: String?
    public var exits: Exits
    public var onward: Onward?

    public init(station: String, lines: [Line], formerName: String? = nil, exits: Exits, onward: Onward? = nil) {
        self.station = station
        self.lines = lines
        self.formerName = formerName
        self.exits = exits
        self.onward = onward
    }

    /// The hint as the reference data writes it in English, e.g. `여의나루 (Line 5) exits 2/3`: what the server
    /// sends in `transitHints` and what English readers see.
    public var english: String {
        let numbered = lines.filter { if case .numbered = $0 { true } else { false } }.count
        let lineWord = numbered > 1 ? "Lines " : numbered == 1 ? "Line " : ""
        var inside =
            lineWord
            + lines.map {
                switch $0 {
                case .numbered(let number): String(number)
                case .gyeonguiJungang: "Gyeongui-Jungang"
                }
            }.joined(separator: ", ")
        if let formerName { inside += "; the station was called \(formerName)" }
        var text = "\(station) (\(inside)) "
        switch exits {
        case .any(let list): text += (list.count > 1 ? "exits " : "exit ") + list.joined(separator: "/")
        case .either(let one, let other): text += "exit \(one) or \(other)"
        }
        switch onward {
        case .villageBus(let number)?: text += ", then village bus \(number)"
        case .bus(let number)?: text += ", then bus \(number)"
        case .distance(let metres)?: text += ", about \(Self.distance(metres))"
        case .walk(let minutes)?: text += ", about \(minutes) min walk"
        case .walkway(let metres)?: text += ", about \(Self.distance(metres)) walkway"
        case nil: break
        }
        return text
    }

    /// `500 m`, `1 km`: `DistanceWords`, as every screen words a distance.
    public static func distance(_ metres: Int) -> String { DistanceWords.text(meters: Double(metres)) }
}
