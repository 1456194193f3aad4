import AppCore
import Localization
import Models
import ValueWording

/// Parks: the 11 parks drawn west to east along the river, then each with remaining spaces and crowd; favourites
/// marked; nearest first when a home location is set.
enum ParksScreen {
    static func lines(_ state: AppState, _ ctx: ScreenContext) -> [Line] {
        var lines = river(state, ctx)
        lines.append(.blank)
        let items = Dictionary(
            (state.parksList?.value.parks ?? []).map { ($0.park.id, $0) }, uniquingKeysWith: { a, _ in a })
        let order = state.parksInListOrder(ctx.catalog)
        lines.append(
            Line([
                Span(ctx.fit(ctx.l(.columnPark), 20), .bold), Span(ctx.right(ctx.l(.columnFree), 13), .bold),
                Span("  "),
                Span(ctx.fit("", 10)), Span("  "), Span(ctx.fit(ctx.l(.labelCrowd), 16), .bold),
                Span(state.settings.home == nil ? "" : ctx.l(.columnDistance), .bold),
            ]))
        for (row, park) in order.enumerated() {
            let item = items[park.id]
            let summary = state.parks[park.id]?.summary?.value
            let available = item?.totalAvailable ?? summary?.parking.totalAvailable
            let capacity =
                item?.totalCapacity ?? summary?.parking.totalCapacity
                ?? ctx.catalog.lots(in: park.id).reduce(0) { $0 + $1.capacity }
            let crowd = item?.crowd ?? summary?.outing.signals.crowd?.level
            let favorite = state.settings.favorites.contains(park.id)
            let marker = (row == state.parksCursor ? "›" : " ") + (favorite ? "★" : " ")
            let nameStyle =
                row == state.parksCursor ? Style(bold: true, reverse: true) : park.id == state.parkId ? .bold : .plain
            var line = Line([
                Span(marker, .colored(.yellow, bold: true)), Span(ctx.fit(ctx.shortName(park), 18), nameStyle),
                Span(ctx.right("\(ctx.count(available))/\(ctx.count(capacity))", 13)), Span("  "),
                Badges.bar(available, of: capacity, width: 10, ctx), Span("  "),
                Span(
                    ctx.fit(crowd.map { ctx.l(ValueWords.crowd($0)) } ?? "—", 16),
                    (crowd?.known ?? .normal) >= .slightlyCrowded ? .colored(.yellow) : .plain),
            ])
            if let home = state.settings.home {
                line.append(ctx.l.distance(meters: park.coordinate.distance(to: home)))
            }
            if let freshness = item?.freshness, freshness.known != .fresh {
                line.append(" " + ctx.l(ValueWords.state(freshness)), .colored(.yellow))
            }
            lines.append(line)
        }
        lines.append(.blank)
        lines.append(Line(ctx.l(state.settings.home == nil ? .parksWestToEast : .parksNearestFirst), .dim))
        return lines
    }

    /// The river as one line, each park's number placed by longitude; the viewed park is highlighted.
    static func river(_ state: AppState, _ ctx: ScreenContext) -> [Line] {
        let parks = ctx.catalog.parksWestToEast
        let width = max(20, min(ctx.width, 100) - 10)
        guard let west = parks.first?.coordinate.lon, let east = parks.last?.coordinate.lon, east > west else {
            return []
        }
        var cells = Array(repeating: Span("≈", .colored(.blue)), count: width)
        var labels = Array(repeating: " ", count: width)
        for (index, park) in parks.enumerated() {
            var column = Int(((park.coordinate.lon - west) / (east - west) * Double(width - 3)).rounded())
            // Keep a gap between numbers, so neighbours such as 2 and 3 never read as 23.
            while column < width - 2,
                (column > 0 && labels[column - 1] != " ") || labels[column] != " " || labels[column + 1] != " "
            { column += 1 }
            let number = String(index + 1)
            let highlight = park.id == state.parkId
            let style: Style =
                highlight
                ? Style(bold: true, reverse: true)
                : state.settings.favorites.contains(park.id) ? .colored(.yellow, bold: true) : .bold
            cells[column] = Span(number, style)
            labels[column] = number
            if number.count == 2, column + 1 < width {
                cells[column + 1] = Span("", style)
                labels[column + 1] = "*"
            }
        }
        // The legend wraps to the width, so Korean and English both fit at 80 columns.
        var legend: [Line] = [Line("    ")]
        for (index, park) in parks.enumerated() {
            let entry = [
                Span("\(index + 1) ", .dim), Span(ctx.shortName(park) + "  ", park.id == state.parkId ? .bold : .plain),
            ]
            if legend[legend.count - 1].width(ctx.widths) + Line(entry).width(ctx.widths) > ctx.width {
                legend.append(Line("    "))
            }
            legend[legend.count - 1].spans += entry
        }
        return [Line([Span(ctx.fit(ctx.l(.riverWest), 4), .dim)] + cells + [Span(" " + ctx.l(.riverEast), .dim)])]
            + legend
    }
}
