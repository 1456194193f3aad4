import AppCore
import Localization
import Models
import Repositories

/// The body of each tab.
public enum Screens {
    public static func body(_ state: AppState, _ ctx: ScreenContext) -> [Line] {
        if state.tab == .parks { return ParksScreen.lines(state, ctx) }
        if state.tab == .go { return GoScreen.tab(state, ctx) }
        guard let loaded = state.current.summary else {
            if let reason = state.current.unavailableReason { return [Line(ctx.l(.noDataYet, reason), .colored(.red))] }
            return [Line(ctx.l(.badgeLoading), .dim)]
        }
        let summary = loaded.shown
        switch state.tab {
        case .home: return HomeScreen.lines(summary, ctx)
        case .parking:
            return ParkingScreen.lines(
                summary, order: state.lotOrder, home: state.settings.home, focused: state.focusedLot, ctx)
        case .forecast: return ForecastScreen.lines(summary, lot: state.focusedLot, ctx)
        case .outing: return OutingScreen.lines(summary.withWayThere(of: state.current.outing?.value.outing), ctx)
        case .parks, .go: return []
        }
    }

    /// Pieces joined by spaces into as many lines as the context's width needs (pieces are never split).
    public static func wrap(_ pieces: [String], _ ctx: ScreenContext) -> [Line] {
        let width = ctx.width
        var lines: [String] = [""]
        for piece in pieces where !piece.isEmpty {
            let candidate = lines[lines.count - 1].isEmpty ? piece : lines[lines.count - 1] + " " + piece
            if ctx.widths.of(candidate) > width, !lines[lines.count - 1].isEmpty {
                lines.append("  " + piece)
            } else {
                lines[lines.count - 1] = candidate
            }
        }
        return lines.map { Line($0) }
    }

    /// A labelled row: the label padded to `labelWidth` columns, then the value.
    static func row(_ ctx: ScreenContext, _ label: String, _ value: [Span], labelWidth: Int = 14) -> Line {
        var line = Line([Span(ctx.fit(label, labelWidth), .bold)] + value)
        line.label = label
        return line
    }

    static func row(
        _ ctx: ScreenContext, _ label: String, _ value: String, _ style: Style = .plain, labelWidth: Int = 14
    ) -> Line {
        row(ctx, label, [Span(value, style)], labelWidth: labelWidth)
    }
}
