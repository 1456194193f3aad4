import Foundation
import Localization
import Models
import ScreenRows
import ValueWording

/// The forecast screen as a page: free spaces ahead for the park or one lot (`?lot=`) as a table, the forecast at
/// opening while closed, confidence and reasons, and the crowd forecast.
enum ForecastPage {
    static func values(_ summary: HomeSummary, lot: LotID?, _ scope: PageScope) -> [String: Any] {
        let ctx = scope.ctx
        let overview = summary.forecast
        let forecast = lot.flatMap { id in overview.lots.first { $0.lotId == id } } ?? overview.park
        let lotInfo = forecast.lotId.flatMap { id in summary.parking.lots.first { $0.lot.id == id } }
        let title = lotInfo.map { ctx.name($0.lot) } ?? scope.l(.forecastAllLots)
        let choices: [LotID?] = [nil] + overview.lots.compactMap(\.lotId)
        var values: [String: Any] = [
            "forecastTitle": scope.l(.forecastTitle, title),
            "caption": scope.l(.forecastMadeAt, ctx.clock(overview.generatedAt)),
            "columnTime": scope.l(.webColumnTime), "columnExpected": scope.l(.webColumnExpected),
            "columnRange": scope.l(.webColumnRange), "columnRisk": scope.l(.webColumnRisk),
            "points": forecast.points.map { point -> [String: Any] in
                let risk = Int((point.riskOfNoSpace * 100).rounded())
                return [
                    "at": ctx.clock(point.at), "ahead": scope.l(.webMinutesAhead, point.minutesAhead),
                    "p50": ctx.count(point.p50), "p10": ctx.count(point.p10), "p90": ctx.count(point.p90),
                    "risk": "\(risk)%", "riskClass": risk >= 30 ? "red b" : risk >= 10 ? "yellow" : "",
                ]
            },
            "confidence": LineView.lines(ScreenParts.forecastConfidence(forecast, ctx)),
            "crowdTitle": scope.l(.labelCrowd), "crowd": LineView.lines(ScreenParts.crowdForecast(summary, ctx)),
            "lotsLabel": scope.l(.webLots),
            "lotLinks": choices.map { id -> [String: Any] in
                let name = id.flatMap { id in summary.parking.lots.first { $0.lot.id == id } }.map { ctx.name($0.lot) }
                return [
                    "name": name ?? scope.l(.forecastAllLots),
                    "href": scope.href(DeepLink(parkId: summary.park.id, screen: .forecast, lotId: id).webPath),
                    "current": id == forecast.lotId,
                ]
            },
        ]
        let now = lotInfo.map { $0.status.available } ?? summary.parking.totalAvailable
        let capacity = lotInfo?.status.capacity ?? summary.parking.totalCapacity
        if let chart = ForecastChart.values(
            forecast, now: now, capacity: capacity, name: title, id: "chart", small: false, scope)
        {
            values["chart"] = chart
        }
        if let opening = forecast.opening {
            values["opening"] = [
                "rows": LineView.rows([
                    ScreenParts.arrival(opening, label: scope.l(.forecastAtOpening, ctx.clock(opening.at)), ctx)
                ])
            ]
        } else if forecast.points.isEmpty {
            values["gap"] = scope.l(.noForecast, scope.l(ValueWords.gap(forecast.gap)))
        }
        return values
    }
}
