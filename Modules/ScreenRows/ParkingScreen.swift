import AppCore
import Localization
import Models
import ValueWording

/// Parking: every lot with a bar of remaining/capacity, status label, observed time, fees, hours, and the distance
/// from home when one is set; ordered by recommendation or distance.
enum ParkingScreen {
    static func lines(_ summary: HomeSummary, order: LotOrder, home: Coordinate?, focused: LotID?, _ ctx: ScreenContext)
        -> [Line]
    {
        let recommended = summary.parking.recommended?.lotId
        let lots = sorted(summary.parking.lots, order: order, home: home, recommended: recommended)
        let nameWidth = 20
        let statusWidth = Self.statusWidth + 1
        var lines: [Line] = [
            Line([
                Span(ctx.fit(ctx.l(.columnLot), nameWidth + 2), .bold), Span(ctx.right(ctx.l(.columnFree), 9), .bold),
                Span("  "),
                Span(ctx.fit("", 10)), Span("  "), Span(ctx.fit(ctx.l(.columnStatus), statusWidth), .bold),
                Span(ctx.fit(ctx.l(.columnObserved), 8), .bold), Span(home == nil ? "" : ctx.l(.columnDistance), .bold),
            ])
        ]
        if let closed = closed(summary, ctx) { lines.insert(Line(closed, .colored(.yellow, bold: true)), at: 0) }
        for entry in lots {
            let lot = entry.lot
            let status = entry.status
            let marker = lot.id == recommended ? "▶ " : "  "
            var first = Line([
                Span(marker, .colored(.green, bold: true)),
                Span(ctx.fit(ctx.name(lot), nameWidth), lot.id == focused ? Style(bold: true, reverse: true) : .bold),
                Span(ctx.right("\(ctx.count(status.available))/\(ctx.count(status.capacity))", 9)), Span("  "),
                Badges.bar(status.available, of: status.capacity, width: 10, ctx), Span("  "),
                Span(ctx.fit(ctx.l(ValueWords.label(status.label)), statusWidth), Badges.labelStyle(status.label)),
                Span(ctx.fit(status.observedAt.map(ctx.observed) ?? "—", 8), .dim),
            ])
            if let home { first.append(ctx.l.distance(meters: lot.coordinate.distance(to: home))) }
            lines.append(first)
            lines.append(Line("    " + details(entry, ctx), .dim))
        }
        lines.append(.blank)
        // Why the counts are not current, in full (the source table's column would cut it).
        if let reason = notCurrent(summary, ctx) {
            lines += Screens.wrap(reason.split(separator: " ").map(String.init), ctx).map {
                Line($0.text, .colored(.yellow))
            }
        }
        var footer = ctx.l(order == .recommendation ? .sortedByRecommendation : .sortedByDistance)
        if home == nil { footer += " · " + ctx.l(.setHomeForDistances) }
        lines.append(Line(footer, .dim))
        return lines
    }

    /// "closed · opens 06:00 (in 4 h)" while the park's lots are closed.
    static func closed(_ summary: HomeSummary, _ ctx: ScreenContext) -> String? {
        summary.parking.closure(at: ctx.now).map {
            ValueWords.closed(opensAt: $0.opensAt, now: ctx.now, clock: ctx.clock, ctx.l)
        }
    }

    /// A lot's fees, hours and the lots it shares its count with.
    static func details(_ entry: LotWithStatus, _ ctx: ScreenContext) -> String {
        let lot = entry.lot
        var details = [fees(lot.fees, ctx), "\(lot.hours.open)–\(lot.hours.close)"]
        if let shared = entry.status.sharedWith, !shared.isEmpty {
            details.append(
                ctx.l(
                    .parkingSharedWith, shared.compactMap { ctx.catalog.lot($0) }.map(ctx.name).joined(separator: ", "))
            )
        }
        return details.joined(separator: " · ")
    }

    /// Why the counts are not current ("parking: stale — …"), or nil when they are.
    static func notCurrent(_ summary: HomeSummary, _ ctx: ScreenContext) -> String? {
        guard let source = summary.freshness[.parking], source.state != .known(.fresh),
            let detail = SourceDetailWords.text(source, ctx)
        else { return nil }
        return ctx.sourceName(source.source) + ": " + ctx.l(ValueWords.state(source.state)) + " — " + detail
    }

    /// The widest status word in any language, so no word runs into the time after it.
    static let statusWidth: Int = {
        let labels: [OpenEnum<LotStatusLabel>] = LotStatusLabel.allCases.map { .known($0) } + [.unknown("newer")]
        return Language.allCases.flatMap { language in
            labels.map { DisplayWidth.of(Localizer(language)(ValueWords.label($0))) }
        }.max() ?? 11
    }()

    static func sorted(_ lots: [LotWithStatus], order: LotOrder, home: Coordinate?, recommended: LotID?)
        -> [LotWithStatus]
    {
        if order == .distance, let home {
            return lots.sorted { $0.lot.coordinate.distance(to: home) < $1.lot.coordinate.distance(to: home) }
        }
        return lots.sorted { a, b in
            if (a.lot.id == recommended) != (b.lot.id == recommended) { return a.lot.id == recommended }
            return (a.status.available ?? -1) > (b.status.available ?? -1)
        }
    }

    static func fees(_ fees: Fees, _ ctx: ScreenContext) -> String {
        var text = ctx.l(
            .feeLine, ctx.l.krw(fees.basicCharge), fees.basicMinutes, ctx.l.krw(fees.additionalCharge),
            fees.additionalUnitMinutes)
        if let pass = fees.dayPass { text += " · " + ctx.l(.feeDayPass, ctx.l.krw(pass)) }
        return text
    }
}
