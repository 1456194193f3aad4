import AppCore
import Localization
import Models

/// A whole screen: header, tabs, body, status line and keys, exactly `height` lines for the full-screen mode, or
/// header and body for printing once.
public enum Frame {
    /// Smallest terminal the screens are laid out for.
    public static let minimumSize = (width: 80, height: 24)

    /// Whether a terminal has room for any screen (the frame says so when it has not).
    public static func hasRoom(_ ctx: ScreenContext, height: Int) -> Bool { ctx.width >= 40 && height >= 10 }

    /// The full-screen frame.
    public static func interactive(_ state: AppState, _ ctx: ScreenContext, height: Int) -> [Line] {
        if !hasRoom(ctx, height: height) {
            return [Line(ctx.l(.terminalTooSmall, minimumSize.width, minimumSize.height), .bold)]
        }
        var lines = header(state, ctx) + [tabs(state, ctx), Line(String(repeating: "─", count: ctx.width), .dim)]
        let bodyHeight = height - lines.count - 2
        var body = state.showHelp ? help(ctx) : Screens.body(state, ctx)
        if body.count > bodyHeight {
            body = Array(body.prefix(bodyHeight - 1)) + [Line(ctx.l(.moreBelow), .dim)]
        }
        lines += body + Array(repeating: Line.blank, count: max(0, bodyHeight - body.count))
        lines.append(status(state, ctx))
        lines.append(keys(state, ctx))
        return lines
    }

    /// The frame printed once by `hangangjari home|parking|...` (no tabs or keys).
    public static func printed(_ state: AppState, _ ctx: ScreenContext) -> [Line] {
        var lines =
            header(state, ctx) + [Line(String(repeating: "─", count: min(ctx.width, 80)), .dim)]
            + Screens.body(state, ctx)
        if state.tab != .parks, let loaded = state.current.summary {
            let notes = SourceNotes.lines(loaded, screen: state.tab.screen, ctx)
            if !notes.isEmpty { lines += [Line.blank] + notes.map { Line($0, .colored(.yellow)) } }
        }
        return lines
    }

    static func header(_ state: AppState, _ ctx: ScreenContext) -> [Line] {
        var line = Line([Span(ctx.l(.appTitle), .bold), Span(" · ")])
        if state.tab == .go {
            line.append(ctx.l(.goTitle), .bold)
            if let answer = state.lotForecasts {
                line.append("  " + ctx.l(.updatedAgo, ctx.age(answer.fetchedAt)), .dim)
                if case .stale = answer.trust { line.append(" " + ctx.l(.stateStale), .colored(.yellow)) }
            }
            if state.simulatedBackend { line.append(" " + ctx.l(.badgeSimulated) + " ", .colored(.magenta)) }
            return [line]
        }
        if state.tab == .parks {
            line.append(ctx.l(.parksTitle), .bold)
            if let list = state.parksList { line.append("  " + ctx.l(.updatedAgo, ctx.age(list.fetchedAt)), .dim) }
            if state.simulatedBackend { line.append(" " + ctx.l(.badgeSimulated) + " ", .colored(.magenta)) }
            return [line]
        }
        let park = ctx.catalog.park(state.parkId)
        line.append(park.map(ctx.name) ?? state.parkId.rawValue, .bold)
        if state.isFavorite { line.append(" ★", .colored(.yellow, bold: true)) }
        line.append("  ")
        line.spans += Badges.freshness(state.current, screen: state.tab.screen, ctx)
        if ctx.machineOutsideSeoul { line.append(" · " + ctx.l(.timesInSeoul), .dim) }
        return [line]
    }

    static func tabs(_ state: AppState, _ ctx: ScreenContext) -> Line {
        var line = Line.blank
        for (index, tab) in AppTab.allCases.enumerated() {
            let label = " \(index + 1) \(ctx.l(Words.tab(tab))) "
            line.append(label, tab == state.tab ? Style(bold: true, reverse: true) : .plain)
            line.append(" ")
        }
        return line
    }

    static func status(_ state: AppState, _ ctx: ScreenContext) -> Line {
        guard let message = state.message else { return Line.blank }
        let style: Style
        switch message {
        case .showingStale, .saveFailed: style = .colored(.yellow)
        case .unavailable, .badLink: style = .colored(.red, bold: true)
        default: style = .colored(.cyan)
        }
        return Line(Messages.text(message, ctx), style)
    }

    static func keys(_ state: AppState, _ ctx: ScreenContext) -> Line {
        let extra: String? =
            switch state.tab {
            case .parking: ctx.l(.keysParking)
            case .forecast: ctx.l(.keysForecast)
            case .parks: ctx.l(.keysParks)
            case .go: ctx.l(.keysGo)
            default: nil
            }
        var line = Line(ctx.l(.keysCommon), .dim)
        if let extra { line.append("  " + extra, .dim) }
        return line
    }

    static func help(_ ctx: ScreenContext) -> [Line] {
        [Line(ctx.l(.helpTitle), .bold), Line.blank]
            + [
                L10nKey.helpPark, .helpTabs, .helpFavorite, .helpWidget, .helpRefresh, .helpRefreshAll, .helpDirections,
                .helpQr, .helpSort, .helpLot, .helpParksList, .helpQuit,
            ].map { Line("  " + ctx.l($0)) }
            + [Line.blank, Line(ctx.l(.helpDeepLinks), .dim)]
    }
}

/// Status-line messages in words.
public enum Messages {
    public static func text(_ message: AppMessage, _ ctx: ScreenContext) -> String {
        switch message {
        case .favoriteAdded(let park): ctx.l(.messageFavoriteAdded, ctx.shortName(park))
        case .favoriteRemoved(let park): ctx.l(.messageFavoriteRemoved, ctx.shortName(park))
        case .widgetSet(let park): ctx.l(.messageWidgetSet, ctx.shortName(park))
        case .showingStale(let reason): ctx.l(.messageShowingStale, reason)
        case .unavailable(let reason): ctx.l(.messageUnavailable, reason)
        case .saveFailed(let reason): ctx.l(.messageSaveFailed, reason)
        case .refreshedAll(let parks, let ms): ctx.l(.messageRefreshedAll, parks, ms)
        case .directions(let url, let opened): ctx.l(opened ? .messageDirectionsOpened : .messageDirectionsLink, url)
        case .noPageLink(let reason): ctx.l(.messageNoPageLink, reason.text(ctx.l))
        case .openedLink(let link): ctx.l(.messageOpenedLink, link)
        case .badLink(let reason): ctx.l(.messageBadLink, reason)
        }
    }
}
