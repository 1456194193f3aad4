import AppCore
import Localization
import Models
import Repositories

/// The freshness badge: the screen's `TrustVerdict` (fresh, stale, or partly unavailable when a shown source
/// failed), plus "simulated" when any value is. A stale value never looks fresh.
enum Badges {
    static func freshness(_ park: ParkState, screen: Screen, _ ctx: ScreenContext) -> [Span] {
        var spans: [Span] = []
        if let loaded = park.summary {
            switch loaded.verdict(shownOn: screen) {
            case .current: spans.append(Span(ctx.l(.stateFresh), .colored(.green, bold: true), saysCurrent: true))
            case .stale
            where loaded.trust.refreshFailure == nil
                && loaded.value.freshness.overall(decidingOn: screen) == .unavailable:
                spans.append(Span(ctx.l(.statePartlyUnavailable), .colored(.red, bold: true)))
            case .stale, .unavailable: spans.append(Span(ctx.l(.stateStale), .colored(.yellow, bold: true)))
            }
            spans.append(Span(" · " + ctx.age(loaded.fetchedAt), .dim))
            if loaded.value.freshness.isSimulated {
                spans.append(Span(" · " + ctx.l(.badgeSimulated), .colored(.magenta)))
            }
        } else if park.loading {
            spans.append(Span(ctx.l(.badgeLoading), .dim))
        } else {
            spans.append(Span(ctx.l(.stateUnavailable), .colored(.red, bold: true)))
        }
        if park.loading, park.summary != nil { spans.append(Span(" ⟳", .dim)) }
        return spans
    }

    /// A bar of `filled` out of `total` in `width` cells.
    static func bar(_ filled: Int?, of total: Int, width: Int, _ ctx: ScreenContext) -> Span {
        guard let filled, total > 0 else { return Span(String(repeating: "·", count: width), .dim) }
        let cells = min(width, max(0, Int((Double(filled) / Double(total) * Double(width)).rounded())))
        let share = Double(filled) / Double(total)
        let color: Style.Color = share < 0.1 ? .red : share < 0.4 ? .yellow : .green
        return Span(
            String(repeating: ctx.widths.barBlock, count: cells) + String(repeating: "░", count: width - cells),
            .colored(color), meter: Meter(filled: filled, total: total))
    }

    /// A source state's colour: green when fresh (or nothing to report), yellow when stale, red otherwise.
    static func stateStyle(_ state: OpenEnum<FreshnessState>) -> Style {
        switch state.known {
        case .fresh?, .noItem?: .colored(.green)
        case .stale?: .colored(.yellow)
        case .unavailable?, nil: .colored(.red)
        }
    }

    static func labelStyle(_ label: OpenEnum<LotStatusLabel>) -> Style {
        switch label.known {
        case .available?: .colored(.green)
        case .normal?: .colored(.cyan)
        case .crowded?: .colored(.yellow, bold: true)
        case .full?: .colored(.red, bold: true)
        case .closed?, .unknown?, nil: .dim
        }
    }
}
