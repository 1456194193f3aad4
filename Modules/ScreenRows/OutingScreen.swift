import Localization
import Models
import ValueWording

/// Outing: crowd, weather, air, events, notices and closures, facility groups, transit hints, and a source table.
enum OutingScreen {
    static func lines(_ summary: HomeSummary, _ ctx: ScreenContext) -> [Line] {
        let outing = summary.outing
        return rows(summary, ctx) + [.blank]
            + sourceTable(outing.sources.isEmpty ? summary.freshness.sources : outing.sources, ctx)
    }

    /// Everything above the source table, as labelled rows.
    static func rows(_ summary: HomeSummary, _ ctx: ScreenContext) -> [Line] {
        let outing = summary.outing
        var lines = [HomeScreen.crowd(outing.signals.crowd, ctx)] + HomeScreen.weather(outing.signals.weather, ctx)
        let age = BulletinAge.span(summary.freshness, ctx).map { [$0] } ?? []
        if outing.signals.events.isEmpty {
            lines.append(Screens.row(ctx, ctx.l(.labelEvents), age + [Span(ctx.l(.valueNone))]))
        }
        for (index, event) in outing.signals.events.enumerated() {
            var details = [HomeScreen.when(event, ctx)]
            if let place = event.place { details.append(ctx.text(place)) }
            if event.free == true { details.append(ctx.l(.eventFree)) }
            lines.append(
                Screens.row(
                    ctx, index == 0 ? ctx.l(.labelEvents) : "",
                    age + [
                        Span(ctx.text(event.title)), Span(" " + details.joined(separator: " · "), .dim),
                        Span(event.affectsParking ? " — " + ctx.l(.eventFillsLots) : "", .colored(.yellow)),
                    ]))
        }
        if let roads = HomeScreen.roads(outing.signals.roadTraffic, ctx) { lines.append(roads) }
        lines += WayThereRows.lines(outing, park: summary.park, ctx)
        if outing.signals.notices.isEmpty {
            lines.append(Screens.row(ctx, ctx.l(.labelNotices), age + [Span(ctx.l(.valueNone))]))
        }
        for (index, notice) in outing.signals.notices.enumerated() {
            let lots = notice.lotIds.compactMap { ctx.catalog.lot($0) }.map(ctx.name)
            lines.append(
                Screens.row(
                    ctx, index == 0 ? ctx.l(.labelNotices) : "",
                    age + [
                        Span(
                            ctx.l(ValueWords.notice(notice.kind)) + ": ",
                            notice.kind == .known(.closure) ? .colored(.yellow, bold: true) : .bold),
                        Span(ctx.text(notice.text)),
                        Span(lots.isEmpty ? "" : " (" + lots.joined(separator: ", ") + ")", .dim),
                    ]))
        }
        let facilities = outing.facilities.map { ctx.l(ValueWords.facility($0.kind)) + " \($0.count)" }
        // On real data no source gives the other kinds: said in words, never as a count.
        let unsourced = outing.sources.contains {
            $0.source == .known(.facilities) && $0.reason?.code == .known(.noOpenSource)
        }
        let others = unsourced ? [ctx.l(.facilityOther) + ": " + ctx.l(.serverDetailNoOpenSource)] : []
        lines.append(
            Screens.row(
                ctx, ctx.l(.labelFacilities),
                facilities.isEmpty && others.isEmpty
                    ? ctx.l(.valueNone) : (facilities + others).joined(separator: " · ")))
        // Live trains replace the static hints while Seoul gives them.
        let trains = WayThereRows.trains(outing, park: summary.park, ctx)
        let hints =
            trains.isEmpty
            ? ValueWords.transit(
                server: outing.directions.transitHints, park: summary.park.id, catalog: ctx.catalog, ctx.l) : trains
        for (index, hint) in hints.enumerated() {
            lines.append(Screens.row(ctx, index == 0 ? ctx.l(.labelTransit) : "", hint))
        }
        let entrances = outing.directions.carEntrances.compactMap { ctx.catalog.lot($0) }.map(ctx.name)
        if !entrances.isEmpty { lines.append(Screens.row(ctx, ctx.l(.labelByCar), entrances.joined(separator: ", "))) }
        return lines
    }

    static func sourceTable(_ sources: [SourceStatus], _ ctx: ScreenContext) -> [Line] {
        let widths = [12, 13, 14, 14, 10]
        let header = [
            ctx.l(.columnSource), ctx.l(.columnState), ctx.l(.columnObserved), ctx.l(.columnLastSuccess),
            ctx.l(.columnData),
        ]
        var lines = [Line(zip(header, widths).map { Span(ctx.fit($0, $1), .bold) })]
        for status in sources {
            let name = ctx.sourceName(status.source)
            var line = Line([
                Span(ctx.fit(name, widths[0])),
                Span(ctx.fit(ctx.l(ValueWords.state(status.state)), widths[1]), Badges.stateStyle(status.state)),
                Span(ctx.fit(status.observedAt.map(ctx.clock) ?? "—", widths[2])),
                Span(ctx.fit(status.lastSuccessAt.map(ctx.age) ?? "—", widths[3])),
                Span(
                    ctx.fit(ctx.l(status.simulated ? .dataSimulated : .dataReal), widths[4]),
                    status.simulated ? .colored(.magenta) : .plain),
            ])
            if let detail = SourceDetailWords.text(status, ctx) { line.append(" " + detail, .dim) }
            lines.append(line)
        }
        return lines
    }
}
