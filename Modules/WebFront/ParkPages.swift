import AppCore
import AppScreens
import Foundation
import Localization
import Models
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
            page["rows"] = LineView.rows(lines)
            page["notes"] = LineView.lines(lines)
            page["directions"] = PhoneDirections.values(summary, scope)
        case .parking:
            page["parking"] = parking(summary, focused: lot, scope)
        case .forecast:
            page["forecast"] = ForecastPage.values(summary, lot: lot, scope)
        case .outing:
            page["rows"] = LineView.rows(ScreenParts.outing(summary, ctx))
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

    /// The outing screen's source table.
    static func sources(_ summary: HomeSummary, _ scope: PageScope) -> [String: Any] {
        let ctx = scope.ctx
        let statuses = summary.outing.sources.isEmpty ? summary.freshness.sources : summary.outing.sources
        return [
            "caption": scope.l(.labelSources),
            "columns": [
                scope.l(.columnSource), scope.l(.columnState), scope.l(.columnObserved), scope.l(.columnLastSuccess),
                scope.l(.columnData), "",
            ],
            "sources": statuses.map { status -> [String: Any] in
                let words = ScreenParts.source(status, ctx)
                return [
                    "name": words.name, "state": words.state,
                    "stateClass": LineView.classes(ScreenParts.stateStyle(status.state)),
                    "observed": status.observedAt.map(ctx.clock) ?? "—",
                    "lastSuccess": status.lastSuccessAt.map(ctx.age) ?? "—",
                    "data": scope.l(status.simulated ? .dataSimulated : .dataReal), "detail": words.detail ?? "",
                ]
            },
        ]
    }
}
