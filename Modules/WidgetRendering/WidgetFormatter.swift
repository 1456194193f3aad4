import FoundationEssentials
import Localization
import Models
import ValueWording
import WidgetSnapshot

/// What the widget prints and its exit code.
public struct WidgetOutput: Sendable, Equatable {
    public var text: String
    public var exitCode: Int32

    public init(text: String, exitCode: Int32) {
        self.text = text
        self.exitCode = exitCode
    }
}

/// Renders a widget entry in one of the formats.
public struct WidgetFormatter: Sendable {
    public var language: Language
    public var catalog: Catalog
    public var now: Date
    /// i3blocks: exit 33 when the recommended lot's free spaces are below this.
    public var urgentBelow: Int?
    /// When the go widget's person arrives.
    public var arrival: ArrivalRanking.Arrival
    /// The go kind's lots as ranked for the entry being rendered (set by ``render(_:as:)``).
    var goRanked: [ArrivalCandidate] = []

    var l: Localizer { Localizer(language) }

    public init(
        language: Language, catalog: Catalog = .bundled, now: Date, urgentBelow: Int? = nil,
        arrival: ArrivalRanking.Arrival = .inMinutes(ArrivalRanking.Arrival.defaultMinutes)
    ) {
        self.language = language
        self.catalog = catalog
        self.now = now
        self.urgentBelow = urgentBelow
        self.arrival = arrival
    }

    public func render(_ entry: WidgetEntry, as format: WidgetFormat) -> WidgetOutput {
        var formatter = self
        // The go kind's lots are ranked once, for every piece of its line.
        if entry.kind == .go { formatter.goRanked = ranking(entry) }
        return formatter.drawn(entry, as: format)
    }

    /// The entry in one format, its go lots ranked.
    func drawn(_ entry: WidgetEntry, as format: WidgetFormat) -> WidgetOutput {
        let headline = headline(entry)
        let details = details(entry)
        let link =
            (entry.kind == .go ? goLink(entry) : entry.snapshot?.deepLink)
            ?? DeepLink(parkId: entry.parkId, screen: entry.kind == .general ? .outing : .parking).description
        // Exit codes (`ExitStatus`): the verdict's for text and json; status bars get 0 so they keep showing the line.
        let code = entry.state.exitStatus
        switch format {
        case .text:
            return WidgetOutput(text: ([headline] + details).joined(separator: "\n"), exitCode: code)
        case .json:
            return WidgetOutput(text: json(entry, headline: headline, details: details), exitCode: code)
        case .waybar:
            // Waybar reads text and tooltip as Pango markup: an event titled "Food & Music" would blank the tooltip.
            let line = WaybarLine(
                text: StatusBarText.pango(headline), alt: entry.kind.rawValue,
                tooltip: StatusBarText.pango(details.joined(separator: "\n")),
                class: [stateClass(entry), labelClass(entry)], percentage: percentage(entry))
            return WidgetOutput(text: ContractCoding.text(line), exitCode: 0)
        case .i3blocks:
            let urgent = urgentBelow.flatMap { limit in entry.snapshot?.parking?.available.map { $0 < limit } } ?? false
            return WidgetOutput(
                text: [headline, short(entry), color(entry)].joined(separator: "\n"),
                exitCode: urgent ? ExitStatus.urgent : 0)
        case .polybar:
            let text = StatusBarText.polybar(headline)
            return WidgetOutput(
                text: "%{F\(color(entry))}%{A1:\(StatusBarText.polybarAction("xdg-open \(link)")):}\(text)%{A}%{F-}",
                exitCode: 0)
        case .tmux:
            let text = StatusBarText.tmux(DisplayWidth.truncated(headline, to: StatusBarText.tmuxColumns))
            return WidgetOutput(text: "#[fg=\(color(entry))]\(text)#[default]", exitCode: 0)
        case .argos:
            let lines =
                ["\(headline) | href=\(link)", "---"]
                + details.map { "\($0.replacing("|", with: "/")) | href=\(link)" }
            return WidgetOutput(text: lines.joined(separator: "\n"), exitCode: 0)
        }
    }

    // MARK: Pieces

    func parkName(_ entry: WidgetEntry) -> String {
        if let s = entry.snapshot { return language == .ko ? s.parkNameKo : s.parkNameEn }
        let park = catalog.park(entry.parkId)
        return (language == .ko ? park?.shortNameKo : park?.shortNameEn) ?? entry.parkId.rawValue
    }

    func headline(_ entry: WidgetEntry) -> String {
        if entry.kind == .go {
            var text = goHeadline(entry)
            if case .stale = entry.state, let snapshot = entry.snapshot { text += " · " + age(snapshot) }
            return text
        }
        let name = parkName(entry)
        guard let snapshot = entry.snapshot else {
            return "\(entry.kind == .parking ? "P " : "")\(name) · \(l(.widgetNoData))"
        }
        var text: String
        if let p = snapshot.parking {
            if p.closed == true {
                text =
                    "P \(name) — "
                    + (p.opensAt.map { l(.parkingClosedUntil, Localizer.seoulClock($0)) } ?? l(.lotLabelClosed))
            } else if let available = p.available, let capacity = p.capacity {
                text =
                    "P \(name) \(Localizer.grouped(available))/\(Localizer.grouped(capacity)) \(l(ValueWords.label(p.label)))"
            } else if let total = p.totalAvailable {
                text = "P \(name) \(Localizer.grouped(total))/\(Localizer.grouped(p.totalCapacity))"
            } else {
                text = "P \(name) — \(l(ValueWords.label(p.label)))"
            }
        } else if let g = snapshot.general {
            text = "\(name) \(l(ValueWords.crowd(g.crowd)))"
            if let t = g.temperatureC { text += " \(Int(t.rounded()))°" }
            text += " · \(l(ValueWords.verdict(g.verdict)))"
        } else {
            text = name
        }
        if case .stale = entry.state { text += " · " + age(snapshot) }
        return text
    }

    /// How old the snapshot's values are, for a stale line.
    func age(_ snapshot: WidgetSnapshot) -> String {
        l.plural(.widgetAge, count: max(0, Int(now.timeIntervalSince(snapshot.generatedAt) / 60)))
    }

    func details(_ entry: WidgetEntry) -> [String] {
        var lines: [String] = []
        if entry.kind == .go {
            lines = goDetails(entry)
        } else if let park = catalog.park(entry.parkId) {
            lines.append(language == .ko ? park.nameKo : park.nameEn)
        }
        if let p = entry.snapshot?.parking {
            if let name = language == .ko ? p.lotNameKo : p.lotNameEn {
                let count = p.available.map { l.plural(.spacesCount, count: $0) } ?? l(ValueWords.label(p.label))
                lines.append(l(.widgetRecommended, name, count))
            }
            if let total = p.totalAvailable {
                lines.append(l(.widgetAllLots, total, p.totalCapacity))
            }
            if let hint = p.forecast {
                lines.append(l(.widgetForecastHint, hint.minutesAhead, hint.p50, hint.p10, hint.p90))
            }
            if p.closed == true {
                lines.append(ValueWords.closed(opensAt: p.opensAt, now: now, clock: Localizer.seoulClock, l))
            }
            if let opening = p.opening {
                lines.append(
                    l(.widgetOpeningHint, Localizer.seoulClock(opening.at), opening.p50, opening.p10, opening.p90))
            }
        }
        if let g = entry.snapshot?.general {
            lines.append(l(.widgetCrowdLine, l(ValueWords.crowd(g.crowd))))
            lines.append(l(ValueWords.verdict(g.verdict)) + " — " + l(ValueWords.verdictReason(g.verdict.reason)))
            for event in g.events.prefix(2) { lines.append("• " + (language == .en ? event.en ?? event.ko : event.ko)) }
        }
        if let s = entry.snapshot {
            let time = Localizer.seoulClock(s.generatedAt)
            lines.append(l(.widgetAsOf, time))
            if s.simulated { lines.append(l(.widgetSimulated)) }
        }
        if let reason = entry.state.reason { lines.append(l(.widgetNotUpdated, reason.text(l))) }
        return lines
    }

    func short(_ entry: WidgetEntry) -> String {
        if entry.kind == .go { return "→ " + (best.map { lotName($0.lot) } ?? "—") }
        if let p = entry.snapshot?.parking, let a = p.available { return "P \(a)" }
        return parkName(entry)
    }

    func percentage(_ entry: WidgetEntry) -> Int? {
        if entry.kind == .go { return best?.chanceOfSpace.map(ArrivalWords.percent) }
        guard let p = entry.snapshot?.parking, let a = p.available, let c = p.capacity, c > 0 else { return nil }
        return Int((Double(a) / Double(c) * 100).rounded())
    }

    func stateClass(_ entry: WidgetEntry) -> String {
        switch entry.state {
        case .current: "fresh"
        case .stale: "stale"
        case .unavailable: "placeholder"
        }
    }

    func labelClass(_ entry: WidgetEntry) -> String {
        if entry.kind == .go { return goLabelClass(entry) }
        if entry.snapshot?.parking?.closed == true { return "closed" }
        return entry.snapshot?.parking?.label?.rawValue ?? entry.snapshot?.general?.verdict.call.rawValue ?? "unknown"
    }

    func color(_ entry: WidgetEntry) -> String {
        if case .current = entry.state {} else { return "#999999" }
        switch labelClass(entry) {
        case "available", "go": return "#50FA7B"
        case "normal", "caution": return "#F1FA8C"
        case "crowded": return "#FFB86C"
        case "full", "closed", "skip": return "#FF5555"
        default: return "#999999"
        }
    }

    func json(_ entry: WidgetEntry, headline: String, details: [String]) -> String {
        ContractCoding.text(
            JSONEntry(
                kind: entry.kind.rawValue,
                // For go: the park of the lot it names.
                park: (entry.kind == .go ? goRanked.first?.lot.parkId ?? entry.parkId : entry.parkId).rawValue,
                text: headline, details: details,
                nextRefresh: entry.nextRefresh, state: stateClass(entry), trust: entry.state.word,
                reason: entry.state.reason?.technical,
                snapshot: entry.snapshot))
    }

    /// Waybar's `return-type: json` line.
    struct WaybarLine: Encodable {
        var text: String
        var alt: String
        var tooltip: String
        var `class`: [String]
        var percentage: Int?
    }

    /// The `--format json` line.
    struct JSONEntry: Encodable {
        var kind: String
        var park: String
        var text: String
        var details: [String]
        var nextRefresh: Date
        /// `fresh`, `stale` or `placeholder` (also the waybar class).
        var state: String
        /// The app's `--json` word for the same verdict: `current`, `stale` or `unavailable`.
        var trust: String
        var reason: String?
        var snapshot: WidgetSnapshot?
    }
}
