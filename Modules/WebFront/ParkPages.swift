import AppCore
import Foundation
import Localization
import Models
import ScreenRows
import ValueWording

/// The four screens of a park as page values, each from the same summary and the same words as the terminal's.
enum ParkPages {
    static func values(_ served: ServedSummary, screen: Screen, lot: LotID?, path: String, _ scope: PageScope)
        -> [String: Any]
    {
        var page = scope.parkChrome(served, screen: screen, path: path)
        let summary = served.value
        let ctx = scope.ctx
        switch screen {
        case .home:
            let lines = ScreenParts.home(summary, ctx)
            page["rows"] = withSmallChart(LineView.rows(lines), summary, scope)
            page["notes"] = LineView.lines(lines)
            page["directions"] = PhoneDirections.values(summary, scope)
        case .parking:
            page["parking"] = parking(summary, focused: lot, scope)
        case .forecast:
            page["forecast"] = ForecastPage.values(summary, lot: lot, scope)
        case .outing:
            page["rows"] = LineView.rows(ScreenParts.outing(summary, ctx))
            page["places"] = PhoneDirections.places(summary, scope)
            page["sourceTable"] = sources(summary, scope)
        }
        return page
    }

    /// Every lot: free spaces of capacity, status, when counted, fees and hours, its phone and the ways there.
    static func parking(_ summary: HomeSummary, focused: LotID?, _ scope: PageScope) -> [String: Any] {
        let ctx = scope.ctx
        let recommended = summary.parking.recommended?.lotId
        let lots = ScreenParts.lots(summary).map { entry -> [String: Any] in
            let status = entry.status
            var lot: [String: Any] = [
                "id": entry.lot.id.rawValue, "name": ctx.name(entry.lot), "recommended": entry.lot.id == recommended,
                "recommendedTag": scope.l(.webRecommendedTag), "focused": entry.lot.id == focused,
                "free": "\(ctx.count(status.available))/\(ctx.count(status.capacity))",
                "status": scope.l(ValueWords.label(status.label)),
                "statusClass": LineView.classes(ScreenParts.statusStyle(status.label)),
                "columnObserved": scope.l(.columnObserved), "observed": status.observedAt.map(ctx.observed) ?? "—",
                "details": ScreenParts.lotDetails(entry, ctx), "lat": "\(entry.lot.coordinate.lat)",
                "lon": "\(entry.lot.coordinate.lon)",
                "maps": PhoneDirections.links(to: entry.lot, scope),
                "alertLabel": AlertControl.lotLabel(ctx.name(entry.lot), scope),
            ]
            if let available = status.available, status.capacity > 0 {
                lot["meterTotal"] = status.capacity
                lot["meterFilled"] = available
            }
            if let phone = entry.lot.phone, !phone.isEmpty {
                lot["phone"] = phone
                lot["phoneDigits"] = phone.filter { $0.isNumber || $0 == "+" }
                lot["callLabel"] = scope.l(.webCall, phone)
            }
            return lot
        }
        var values: [String: Any] = [
            "lots": lots, "nearestLabel": scope.l(.webNearestFirst), "alerts": AlertControl.values(summary, scope),
        ]
        if let closed = ScreenParts.closed(summary, ctx) { values["closed"] = closed }
        if let reason = ScreenParts.parkingNotCurrent(summary, ctx) { values["reason"] = reason }
        return values
    }

    /// The home rows with the recommended lot's forecast drawn small beside its arrival row ("in 30 min", the row
    /// the terminal prints for that lot), linking to that lot's forecast page.
    static func withSmallChart(_ rows: [[String: Any]], _ summary: HomeSummary, _ scope: PageScope)
        -> [[String: Any]]
    {
        let ctx = scope.ctx
        guard let lotID = summary.parking.recommended?.lotId,
            let entry = summary.parking.lots.first(where: { $0.lot.id == lotID }),
            let forecast = summary.forecast.lots.first(where: { $0.lotId == lotID }),
            let hint = forecast.point(minutesAhead: 30),
            let index = rows.firstIndex(where: { $0["rowLabel"] as? String == ctx.l(.arrivalIn, hint.minutesAhead) }),
            let chart = ForecastChart.values(
                forecast, now: entry.status.available, capacity: entry.status.capacity, name: ctx.name(entry.lot),
                id: "spark", small: true, scope)
        else { return rows }
        var rows = rows
        rows[index]["rowChart"] = [
            "chart": chart,
            "href": scope.href(DeepLink(parkId: summary.park.id, screen: .forecast, lotId: lotID).webPath),
        ]
        return rows
    }

    /// The outing screen's sources, one block each (a five-column table does not fit a phone).
    static func sources(_ summary: HomeSummary, _ scope: PageScope) -> [String: Any] {
        let ctx = scope.ctx
        let statuses = summary.outing.sources.isEmpty ? summary.freshness.sources : summary.outing.sources
        return [
            "caption": scope.l(.labelSources),
            "sources": statuses.map { status -> [String: Any] in
                let words = ScreenParts.source(status, ctx)
                let facts = [
                    status.observedAt.map { scope.l(.webSourceObserved, ctx.clock($0)) },
                    // A time, not an age: a page kept offline must not go on saying "just now".
                    status.lastSuccessAt.map { scope.l(.webSourceLastSuccess, ctx.clock($0)) },
                    scope.l(.columnData) + " " + scope.l(status.simulated ? .dataSimulated : .dataReal),
                ]
                return [
                    "name": words.name,
                    "state": [
                        "text": words.state, "cls": LineView.classes(ScreenParts.stateStyle(status.state)),
                        "current": status.state.known == .fresh,
                    ],
                    "facts": facts.compactMap { $0 }.joined(separator: " · "), "detail": words.detail ?? "",
                ]
            },
        ]
    }
}
