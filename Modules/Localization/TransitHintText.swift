/// The catalog's transit hints ("여의나루 (Line 5) exits 2/3", curated text from the park reference data) in the
/// reader's language. English readers get the hint as written; Korean readers get it rebuilt from its parts.
/// A hint that does not follow the known pattern is shown as written, never dropped.
public enum TransitHintText {
    /// `hint` for `l`'s language.
    public static func localize(_ hint: String, _ l: Localizer) -> String {
        guard l.language != .en, let parsed = Hint(hint) else { return hint }
        var lines = parsed.lines.map { $0 == "Gyeongui-Jungang" ? l(.transitLineGyeonguiJungang) : l(.transitLine, $0) }
        if let former = parsed.formerName { lines.append(l(.transitFormerName, former)) }
        var text = l(
            .transitHint, l(.transitStation, parsed.station), lines.joined(separator: ", "), exits(parsed.exits, l))
        if let tail = parsed.tail { text += ", " + tail.localized(l) }
        return text
    }

    static func exits(_ spec: String, _ l: Localizer) -> String {
        let parts = spec.components(separatedBy: " or ")
        if parts.count == 2 { return l(.transitExitOr, parts[0], parts[1]) }
        return l(.transitExit, spec.replacingOccurrences(of: "/", with: "·"))
    }

    /// `<station> (<lines>[; the station was called <name>]) exit(s) <exits>[, <tail>]`.
    struct Hint {
        var station: String
        var lines: [String]
        var formerName: String?
        var exits: String
        var tail: Tail?

        init?(_ text: String) {
            guard let open = text.firstIndex(of: "("), let close = text.firstIndex(of: ")"), open < close else {
                return nil
            }
            station = String(text[..<open]).trimmingSpaces
            var inside = String(text[text.index(after: open)..<close]).components(separatedBy: "; ")
            if inside.count == 2, inside[1].hasPrefix("the station was called ") {
                formerName = String(inside[1].dropFirst("the station was called ".count))
                inside.removeLast()
            }
            guard inside.count == 1 else { return nil }
            var lineList = inside[0]
            for prefix in ["Lines ", "Line "] where lineList.hasPrefix(prefix) {
                lineList = String(lineList.dropFirst(prefix.count))
            }
            lines = lineList.components(separatedBy: ", ")
            guard !lines.isEmpty, lines.allSatisfy({ Int($0) != nil || $0 == "Gyeongui-Jungang" }) else { return nil }
            var rest = String(text[text.index(after: close)...]).trimmingSpaces
            var tailText: String?
            if let comma = rest.range(of: ", ") {
                tailText = String(rest[comma.upperBound...])
                rest = String(rest[..<comma.lowerBound])
            }
            guard let exitWord = ["exits ", "exit "].first(where: { rest.hasPrefix($0) }) else { return nil }
            exits = String(rest.dropFirst(exitWord.count))
            if let tailText {
                guard let tail = Tail(tailText) else { return nil }
                self.tail = tail
            }
        }
    }

    /// What follows the exit: a bus to change to, or a distance or walk.
    enum Tail {
        case villageBus(String)
        case bus(String)
        case distance(String)
        case walkMinutes(String)
        case walkway(String)

        init?(_ text: String) {
            if text.hasPrefix("then village bus ") {
                self = .villageBus(String(text.dropFirst(17)))
                return
            }
            if text.hasPrefix("then bus ") {
                self = .bus(String(text.dropFirst(9)))
                return
            }
            guard text.hasPrefix("about ") else { return nil }
            let amount = String(text.dropFirst(6))
            if amount.hasSuffix(" min walk") {
                self = .walkMinutes(String(amount.dropLast(9)))
                return
            }
            if amount.hasSuffix(" walkway") {
                self = .walkway(String(amount.dropLast(8)))
                return
            }
            guard amount.hasSuffix(" m") || amount.hasSuffix(" km") else { return nil }
            self = .distance(amount)
        }

        func localized(_ l: Localizer) -> String {
            switch self {
            case .villageBus(let number): l(.transitThenVillageBus, number)
            case .bus(let number): l(.transitThenBus, number)
            case .distance(let amount): l(.transitAboutDistance, amount)
            case .walkMinutes(let minutes): l(.transitAboutWalkMinutes, minutes)
            case .walkway(let amount): l(.transitAboutWalkway, amount)
            }
        }
    }
}

extension String {
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
