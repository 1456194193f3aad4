import Foundation
import Localization
import Models
import ScreenRows
import TestFixtures
import Testing

@testable import WebFront

/// The parts issue 40 added: the forecast drawn, the fresh words a kept page swaps, the reasons as one paragraph.
@Suite struct PhonePartsTests {
    static func scope(_ language: Language, now: Date) -> PageScope {
        PageScope(
            request: PageRequest(language: language, explicitLanguage: false, wantsText: false, color: false),
            ctx: ScreenContext(
                language: language, now: now, machineOffsetSeconds: ISO8601.seoulOffsetSeconds, width: 80),
            assets: .shared, origin: "http://127.0.0.1")
    }

    @Test func theChartDrawsTheForecastFromNowUnderTheCapacity() throws {
        let summary = try Fixtures.homeSummary()
        let forecast = summary.forecast.park
        try #require(!forecast.points.isEmpty)
        let scope = Self.scope(.en, now: summary.generatedAt)
        let chart = try #require(
            ForecastChart.values(forecast, now: 500, capacity: 1000, name: "All lots", id: "c", small: false, scope))
        let line = (chart["line"] as? String ?? "").split(separator: " ")
        #expect(line.count == forecast.points.count + 1, "now, then each point")
        // Now at the left edge, 500 of 1000 halfway down the plot (16...128).
        #expect(line.first == "6.0,72.0")
        #expect((chart["p50s"] as? String)?.hasPrefix("500 ") == true)
        #expect(chart["capY"] as? String == "16.0")
        #expect((chart["title"] as? String)?.contains("All lots") == true)
        let page = PageTemplates().library.render(chart, withTemplate: "chart") ?? ""
        #expect(page.hasPrefix("<svg class=\"chart\"") && page.contains("<title id=\"c-t\">"))
        #expect(!page.contains("style=") && !page.contains("<script"), "the CSP's stylesheet styles it")
        // Nothing ahead (closed, no forecast): no chart; the page says it in words.
        var empty = forecast
        empty.points = []
        #expect(ForecastChart.values(empty, now: nil, capacity: 10, name: "", id: "c", small: true, scope) == nil)
    }

    @Test func aWordThatSaysFreshCarriesTheStaleWordForAKeptPage() {
        let spans = LineView.spans([
            Span("fresh", .colored(.green), saysCurrent: true), Span(" · just now", .dim),
        ])
        #expect(spans.first?["current"] as? Bool == true)
        #expect(spans.last?["current"] as? Bool == false)
        let html = PageTemplates().library.render(["staleWord": "stale", "badges": spans], withTemplate: "page") ?? ""
        #expect(html.contains("<span class=\"fresh green\">fresh</span><span class=\"kept\">stale</span>"))
        #expect(AssetSources.css.contains("body[data-offline] .fresh{display:none}"))
    }

    @Test func reasonsTheTerminalWrappedAreOneParagraphWithoutATrailingSeparator() throws {
        var summary = try Fixtures.homeSummary()
        try #require(!summary.forecast.park.points.isEmpty)
        summary.forecast.park.points[0].reasons = ["latest_value", "weekday_baseline", "recent_trend"]
        let scope = Self.scope(.en, now: summary.generatedAt)
        let paragraphs = LineView.lines(ScreenParts.forecastConfidence(summary.forecast.park, scope.ctx))
        let texts = paragraphs.map { ($0["spans"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String } }
            .map { $0.joined() }
        let why = try #require(texts.first { $0.hasPrefix("Why:") })
        #expect(!why.hasSuffix(";") && why.contains("; "), "\(why)")
        #expect(!texts.contains { $0.hasPrefix(" ") }, "no paragraph is a wrapped line's rest")
    }
}
