import Foundation
import Localization
import Models
import ValueWording

/// Home: parking totals and the recommended lot (and why), the forecast for arrival, crowd and trend, weather and
/// air, events and notices, the verdict, and the state of every source.
enum HomeScreen {
    static func lines(_ summary: HomeSummary, _ ctx: ScreenContext) -> [Line] {
        let parking = summary.parking
        let signals = summary.outing.signals
        var lines: [Line] = []
        if let available = parking.totalAvailable {
            lines.append(
                Screens.row(
                    ctx, ctx.l(.labelParking),
                    [
                        Span(ctx.l(.parkingTotals, ctx.count(available), ctx.count(parking.totalCapacity)), .bold),
                        Span("  "), Badges.bar(available, of: parking.totalCapacity, width: 12, ctx),
                        Span("  " + ctx.l(.lotsReporting, parking.lotsReporting, parking.lots.count), .dim),
                    ]))
        } else if let closure = parking.closure(at: ctx.now) {
            lines.append(
                Screens.row(
                    ctx, ctx.l(.labelParking),
                    ValueWords.closed(opensAt: closure.opensAt, now: ctx.now, clock: ctx.clock, ctx.l),
                    .colored(.yellow)))
        } else {
            lines.append(Screens.row(ctx, ctx.l(.labelParking), ctx.l(.noLiveCount), .dim))
        }
        if let recommended = parking.recommended,
            let lot = parking.lots.first(where: { $0.lot.id == recommended.lotId })
        {
            lines.append(
                Screens.row(
                    ctx, ctx.l(.labelRecommended),
                    [Span(ctx.name(lot.lot), .bold)] + recommendedCount(lot, recommended, ctx)
                        + [Span(" (" + ctx.l(ValueWords.recommendation(recommended.reason)) + ")", .dim)]))
            if let hint = summary.forecast.lots.first(where: { $0.lotId == lot.lot.id })?.point(minutesAhead: 30) {
                lines.append(arrival(hint, label: ctx.l(.arrivalIn, hint.minutesAhead), ctx))
            }
        }
        let park = summary.forecast.park
        if let total = park.point(minutesAhead: 60) {
            lines.append(arrival(total, label: ctx.l(.arrivalAllLots, total.minutesAhead), ctx))
        }
        if let opening = park.opening, !park.points.contains(where: { $0.minutesAhead >= 60 }) {
            // Closed, or closing within the hour: the forecast for the next opening.
            lines.append(arrival(opening, label: ctx.l(.forecastAtOpening, ctx.clock(opening.at)), ctx))
        } else if park.points.isEmpty {
            lines.append(
                Screens.row(
                    ctx, ctx.l(.tabForecast), ctx.l(.noForecast, ctx.l(ValueWords.gap(park.gap))), .dim
                ))
        }
        lines.append(.blank)
        lines.append(crowd(signals.crowd, ctx))
        lines += weather(signals.weather, ctx)
        if let arrival = weatherOnArrival(signals.weather, ctx) { lines.append(arrival) }
        if let roads = roads(signals.roadTraffic, ctx) { lines.append(roads) }
        lines += WayThereRows.firstScreen(summary.outing, ctx)
        let age = BulletinAge.span(summary.freshness, ctx).map { [$0] } ?? []
        lines.append(
            Screens.row(
                ctx, ctx.l(.labelEvents),
                age + [Span(signals.events.isEmpty ? ctx.l(.valueNone) : events(signals.events, ctx))]))
        let notices = signals.notices.map { ctx.l(ValueWords.notice($0.kind)) + ": " + ctx.text($0.text) }
        lines.append(
            Screens.row(
                ctx, ctx.l(.labelNotices),
                age + [
                    Span(
                        notices.isEmpty ? ctx.l(.valueNone) : notices.joined(separator: " · "),
                        signals.notices.contains { $0.kind == .known(.closure) } ? .colored(.yellow) : .plain)
                ]))
        let verdict = Verdict.judge(summary, now: ctx.now)
        let style: Style =
            switch verdict.call {
            case .go: .colored(.green, bold: true)
            case .caution: .colored(.yellow, bold: true)
            case .skip: .colored(.red, bold: true)
            }
        lines.append(
            Screens.row(
                ctx, ctx.l(.labelToday),
                [
                    Span(ctx.l(ValueWords.verdict(verdict)), style),
                    Span(" — " + ctx.l(ValueWords.verdictReason(verdict.reason))),
                ]))
        lines.append(.blank)
        lines.append(Screens.row(ctx, ctx.l(.labelSources), sources(summary.freshness, ctx)))
        return lines
    }

    /// " — 340 spaces free"; without a live count, the lot's state, or nothing when the reason already says there
    /// is no live count (never a dash where a number would be).
    static func recommendedCount(_ lot: LotWithStatus, _ recommended: Recommendation, _ ctx: ScreenContext) -> [Span] {
        if let available = lot.status.available { return [Span(" — " + ctx.l(.spacesFree, ctx.count(available)))] }
        if recommended.reason == .known(.largestCapacity) { return [] }
        return [Span(" — " + ctx.l(ValueWords.label(lot.status.label)))]
    }

    static func arrival(_ point: ForecastPoint, label: String, _ ctx: ScreenContext) -> Line {
        let risk = Int((point.riskOfNoSpace * 100).rounded())
        return Screens.row(
            ctx, label,
            [
                Span(ctx.l(.arrivalAbout, point.p50)),
                Span(" (p10–p90 \(ctx.count(point.p10))–\(ctx.count(point.p90)))", .dim),
                Span(
                    " · " + ctx.l(.riskOfNoSpace, risk),
                    risk >= 30 ? .colored(.red, bold: true) : risk >= 10 ? .colored(.yellow) : .plain),
            ])
    }

    static func crowd(_ crowd: CrowdNow?, _ ctx: ScreenContext) -> Line {
        guard let crowd else { return Screens.row(ctx, ctx.l(.labelCrowd), ctx.l(.crowdUnknown), .dim) }
        var text = ctx.l(ValueWords.crowd(crowd.level))
        if let trend = ValueWords.trend(crowd.trend) { text += " · " + ctx.l(trend) }
        if let low = crowd.populationMin, let high = crowd.populationMax {
            text += " · " + ctx.l(.peopleRange, ctx.count(low), ctx.count(high))
        }
        let style: Style = (crowd.level.known ?? .normal) >= .slightlyCrowded ? .colored(.yellow, bold: true) : .plain
        return Screens.row(ctx, ctx.l(.labelCrowd), text, style)
    }

    static func weather(_ weather: Weather?, _ ctx: ScreenContext) -> [Line] {
        guard let weather else { return [Screens.row(ctx, ctx.l(.labelWeather), ctx.l(.valueUnknown), .dim)] }
        var parts: [String] = []
        if let t = weather.temperatureC {
            parts.append(
                weather.feelsLikeC.map { ctx.l(.temperatureFeels, degrees(t), degrees($0)) }
                    ?? ctx.l(.temperature, degrees(t)))
        }
        if let p = ValueWords.precipitation(weather.precipitation) { parts.append(ctx.l(p)) }
        if let text = weather.precipitationText, !text.isEmpty, weather.precipitation?.known != Precipitation.none {
            parts.append(text)
        }
        var air = ctx.l(ValueWords.air(weather.air))
        if weather.pm10 != nil || weather.pm25 != nil {
            air += " (PM10 \(ctx.count(weather.pm10)), PM2.5 \(ctx.count(weather.pm25)))"
        }
        return [
            Screens.row(
                ctx, ctx.l(.labelWeather), parts.isEmpty ? ctx.l(.valueUnknown) : parts.joined(separator: " · ")),
            Screens.row(
                ctx, ctx.l(.labelAir), air,
                (weather.air?.known).map { $0 == .bad || $0 == .veryBad } == true ? .colored(.red) : .plain),
        ]
    }

    static func degrees(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(Double(tenths) / 10)"
    }

    static func events(_ events: [ParkEvent], _ ctx: ScreenContext) -> String {
        events.map { event in
            ctx.text(event.title) + " " + when(event, ctx)
                + (event.affectsParking ? " — " + ctx.l(.eventFillsLots) : "")
        }.joined(separator: " · ")
    }

    /// An event's time: the hours of a day's event, the days of a longer one (in Seoul time).
    static func when(_ event: ParkEvent, _ ctx: ScreenContext) -> String {
        guard let end = event.endsAt else { return ctx.clock(event.startsAt) }
        if SeoulTime(event.startsAt).dayNumber == SeoulTime(end).dayNumber {
            return ctx.clock(event.startsAt) + "–" + ctx.clock(end)
        }
        return ctx.l(.eventPeriod, ctx.day(event.startsAt), ctx.day(end))
    }

    /// The source's weather forecast for 30 minutes from now, when it has one: weather when you arrive.
    static func weatherOnArrival(_ weather: Weather?, _ ctx: ScreenContext) -> Line? {
        guard let point = weather?.forecast(at: ctx.now.addingTimeInterval(30 * 60)) else { return nil }
        var parts: [String] = []
        if let t = point.temperatureC { parts.append(ctx.l(.temperature, degrees(t))) }
        if let p = ValueWords.precipitation(point.precipitation) { parts.append(ctx.l(p)) }
        if let chance = point.precipitationChance { parts.append(ctx.l(.weatherRainChance, chance)) }
        if let sky = point.sky { parts.append(sky) }
        guard !parts.isEmpty else { return nil }
        return Screens.row(
            ctx, ctx.l(.labelOnArrival), ctx.l(.weatherAtArrival, ctx.clock(point.at), parts.joined(separator: " · ")))
    }

    /// Road traffic near the park, for drivers.
    static func roads(_ traffic: RoadTraffic?, _ ctx: ScreenContext) -> Line? {
        guard let traffic else { return nil }
        let level: L10nKey =
            switch traffic.level.known {
            case .smooth?: .roadSmooth
            case .slow?: .roadSlow
            case .congested?: .roadCongested
            case nil: .roadUnknown
            }
        var text = ctx.l(level)
        if let speed = traffic.speedKmh { text += " · " + ctx.l(.roadSpeed, Int(speed.rounded())) }
        let style: Style =
            traffic.level.known == .congested
            ? .colored(.red) : traffic.level.known == .slow ? .colored(.yellow) : .plain
        return Screens.row(ctx, ctx.l(.labelRoads), text, style)
    }

    static func sources(_ freshness: Freshness, _ ctx: ScreenContext) -> [Span] {
        var spans: [Span] = []
        for (index, status) in freshness.sources.enumerated() {
            if index > 0 { spans.append(Span(" · ", .dim)) }
            let name = ctx.sourceName(status.source)
            spans.append(Span(name + " "))
            spans.append(
                Span(
                    ctx.l(ValueWords.state(status.state)), Badges.stateStyle(status.state),
                    saysCurrent: status.state.known == .fresh))
        }
        return spans
    }
}
