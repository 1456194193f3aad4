import Localization
import Models
import ValueWording

/// Forecast: a terminal chart of p10/p50/p90 over the coming hours for the park or a chosen lot, the crowd forecast,
/// confidence and reasons in words.
enum ForecastScreen {
    static let chartHeight = 6

    static func lines(_ summary: HomeSummary, lot: LotID?, _ ctx: ScreenContext) -> [Line] {
        let overview = summary.forecast
        let forecast = lot.flatMap { id in overview.lots.first { $0.lotId == id } } ?? overview.park
        let lotInfo = forecast.lotId.flatMap { id in summary.parking.lots.first { $0.lot.id == id } }
        let title = lotInfo.map { ctx.name($0.lot) } ?? ctx.l(.forecastAllLots)
        var lines = [
            Line([
                Span(ctx.l(.forecastTitle, title), .bold),
                Span("  " + ctx.l(.forecastMadeAt, ctx.clock(overview.generatedAt)), .dim),
            ])
        ]
        let nowValue = lotInfo.map { $0.status.available } ?? summary.parking.totalAvailable
        if forecast.points.isEmpty, let opening = forecast.opening {
            // Closed now: the forecast for the opening, and when that is.
            lines.append(HomeScreen.arrival(opening, label: ctx.l(.forecastAtOpening, ctx.clock(opening.at)), ctx))
            lines += confidence(forecast, ctx)
        } else if forecast.points.isEmpty {
            lines.append(Line(ctx.l(.noForecast, ctx.l(ValueWords.gap(forecast.gap))), .dim))
        } else {
            lines += chart(forecast.points, now: nowValue, ctx)
            lines += confidence(forecast, ctx)
            if let opening = forecast.opening {
                // The horizon reaches closing time: after it, the next opening.
                lines.append(
                    HomeScreen.arrival(opening, label: ctx.l(.forecastAtOpening, ctx.clock(opening.at)), ctx))
            }
        }
        lines.append(.blank)
        lines += crowd(overview.crowd, ctx)
        if let seoul = overview.sourceCrowd, !seoul.points.isEmpty {
            lines.append(Line(ctx.l(.forecastCrowdSeoul), .bold))
            lines += Screens.wrap(
                seoul.points.prefix(12).map { ctx.clock($0.at) + " " + ctx.l(ValueWords.crowd($0.level)) + " " }, ctx)
        }
        return lines
    }

    /// Rows from the top of the shown range down to its bottom; one column per point, the band p10–p90 as ┃ and the
    /// median as ●.
    static func chart(_ points: [ForecastPoint], now: Int?, _ ctx: ScreenContext) -> [Line] {
        // Scaled to the values shown (not the capacity), so the movement is visible; the axis says the top.
        let highest = max(points.map(\.p90).max() ?? 0, now ?? 0)
        let top = max(10, Int((Double(highest) * 1.15 / 10).rounded(.up)) * 10)
        let lowest = min(points.map(\.p10).min() ?? 0, now ?? Int.max)
        let bottom = min(top - 10, max(0, Int(Double(lowest) * 0.85 / 10) * 10))
        let columnWidth = 8
        func row(_ value: Int) -> Int {
            min(
                chartHeight - 1,
                max(0, Int((Double(value - bottom) / Double(top - bottom) * Double(chartHeight - 1)).rounded())))
        }
        var lines: [Line] = []
        for level in stride(from: chartHeight - 1, through: 0, by: -1) {
            let axis =
                level == chartHeight - 1
                ? ctx.right(ctx.count(top), 6)
                : level == 0 ? ctx.right(ctx.count(bottom), 6) : String(repeating: " ", count: 6)
            var line = Line([Span(axis + " ┤", .dim)])
            let nowCell: Span =
                (now.map(row) == level)
                ? Span(ctx.fit("   ◆", columnWidth), .colored(.cyan, bold: true))
                : Span(String(repeating: " ", count: columnWidth))
            line.spans.append(nowCell)
            for point in points {
                let (low, mid, high) = (row(point.p10), row(point.p50), row(point.p90))
                let cell: Span
                if level == mid {
                    cell = Span(
                        ctx.fit("   ●", columnWidth), .colored(point.riskOfNoSpace >= 0.3 ? .red : .green, bold: true))
                } else if level >= low, level <= high {
                    cell = Span(ctx.fit("   ┃", columnWidth), .colored(.blue))
                } else {
                    cell = Span(String(repeating: " ", count: columnWidth))
                }
                line.spans.append(cell)
            }
            lines.append(line)
        }
        var axis = Line([
            Span(String(repeating: " ", count: 7) + "└", .dim), Span(ctx.fit(ctx.l(.forecastNow), columnWidth), .dim),
        ])
        for point in points { axis.append(ctx.fit(ctx.clock(point.at), columnWidth), .dim) }
        lines.append(axis)
        // Top to bottom as the chart: p90, the median, p10, each a grouped count in its own column (four digits
        // and a separator fit eight columns; a range in one cell did not, and was cut).
        func values(_ label: String, _ value: (ForecastPoint) -> Int, now shown: Int?, _ style: Style) -> Line {
            var line = Line([
                Span(ctx.fit("  " + label, 8), style),
                Span(ctx.fit(shown.map { ctx.right(ctx.count($0), 6) } ?? "", columnWidth), style),
            ])
            for point in points { line.append(ctx.fit(ctx.right(ctx.count(value(point)), 6), columnWidth), style) }
            return line
        }
        lines.append(values("p90", \.p90, now: nil, .dim))
        lines.append(values("p50", \.p50, now: now, .plain))
        lines.append(values("p10", \.p10, now: nil, .dim))
        var risks = Line([
            Span(ctx.fit("  " + ctx.l(.forecastRisk), 8), .dim), Span(String(repeating: " ", count: columnWidth)),
        ])
        for point in points {
            risks.append(
                ctx.fit(ctx.right("\(Int((point.riskOfNoSpace * 100).rounded()))%", 6), columnWidth),
                point.riskOfNoSpace >= 0.3 ? .colored(.red) : .dim)
        }
        lines.append(risks)
        lines.append(Line(ctx.l(.forecastLegend), .dim))
        return lines
    }

    /// The confidence of the first point (of the opening while closed) and, for a forecast ahead, its reasons and
    /// how it was made (learned, or the rule while there is too little history).
    static func confidence(_ forecast: ParkingForecast, _ ctx: ScreenContext) -> [Line] {
        guard let point = forecast.points.first ?? forecast.opening else { return [] }
        var lines = [Line([Span(ctx.l(.forecastConfidence, ctx.l(ValueWords.confidence(point.confidence))), .bold)])]
        let reasons =
            forecast.points.isEmpty ? [] : point.reasons.compactMap(ValueWords.forecastReason).map { ctx.l($0) }
        // Reasons separated by ";", none after the last.
        let separated = reasons.enumerated().map { $0.offset < reasons.count - 1 ? $0.element + ";" : $0.element }
        if !reasons.isEmpty { lines += Screens.wrap([ctx.l(.forecastWhy, "")] + separated, ctx) }
        if !forecast.points.isEmpty, let basis = ValueWords.parkingBasis(forecast.basis) {
            lines += Screens.wrap([ctx.l(basis)], ctx).map { Line($0.spans.map { Span($0.text, .dim) }) }
        }
        return lines
    }

    static func crowd(_ crowd: CrowdForecast, _ ctx: ScreenContext) -> [Line] {
        let lines = [
            Line([
                Span(ctx.l(.forecastCrowd, ctx.l(ValueWords.basis(crowd.basis))), .bold),
                Span("  " + ctx.l(.forecastConfidence, ctx.l(ValueWords.confidence(crowd.confidence))), .dim),
            ])
        ]
        // Nothing to say (no baseline for these hours): no heading over an empty line.
        guard !crowd.points.isEmpty else { return [] }
        return lines
            + Screens.wrap(
                crowd.points.prefix(8).map { ctx.clock($0.at) + " " + ctx.l(ValueWords.crowd($0.level)) + " " }, ctx)
    }
}
