import AppCore
import Foundation
import Localization
import Models
import Repositories
import Storage
import ValueWording

/// The terminal screens' rows, badges and printed form for another front (the web pages): the same lines, words and
/// verdict, built from a summary as a server holds it (served now, no failed refresh of its own).
public enum ScreenParts {
    /// The home screen's labelled rows.
    public static func home(_ summary: HomeSummary, _ ctx: ScreenContext) -> [Line] { HomeScreen.lines(summary, ctx) }

    /// The outing screen's labelled rows (without its source table, which a page draws as a table).
    public static func outing(_ summary: HomeSummary, _ ctx: ScreenContext) -> [Line] {
        OutingScreen.rows(summary, ctx)
    }

    /// The places of the outing's way there that have a position, as the outing screen lists them.
    public static func wayTherePlaces(_ summary: HomeSummary, _ ctx: ScreenContext) -> [WayTherePlace] {
        WayThereRows.places(summary.outing, park: summary.park, ctx)
    }

    /// The lots in the parking screen's order: the recommended one first, then by free spaces.
    public static func lots(_ summary: HomeSummary) -> [LotWithStatus] {
        ParkingScreen.sorted(
            summary.parking.lots, order: .recommendation, home: nil, recommended: summary.parking.recommended?.lotId)
    }

    /// A lot's fees, hours and shared count, as the parking screen's second line says them.
    public static func lotDetails(_ entry: LotWithStatus, _ ctx: ScreenContext) -> String {
        ParkingScreen.details(entry, ctx)
    }

    /// "closed · opens 06:00 (in 4 h)" while the park's lots are closed.
    public static func closed(_ summary: HomeSummary, _ ctx: ScreenContext) -> String? {
        ParkingScreen.closed(summary, ctx)
    }

    /// Why the parking counts are not current, in full; nil when they are.
    public static func parkingNotCurrent(_ summary: HomeSummary, _ ctx: ScreenContext) -> String? {
        ParkingScreen.notCurrent(summary, ctx)
    }

    /// A source's name, state word and detail, as the outing screen's source table says them.
    public static func source(_ status: SourceStatus, _ ctx: ScreenContext) -> (
        name: String, state: String, detail: String?
    ) {
        (ctx.sourceName(status.source), ctx.l(ValueWords.state(status.state)), SourceDetailWords.text(status, ctx))
    }

    /// The forecast's confidence and reasons for `forecast`, as the forecast screen says them.
    public static func forecastConfidence(_ forecast: ParkingForecast, _ ctx: ScreenContext) -> [Line] {
        ForecastScreen.confidence(forecast, ctx)
    }

    /// The crowd forecast rows of the forecast screen.
    public static func crowdForecast(_ summary: HomeSummary, _ ctx: ScreenContext) -> [Line] {
        ForecastScreen.crowd(summary.forecast.crowd, ctx)
    }

    /// One arrival row ("At 06:00 about 641 spaces (p10–p90 …) · risk …").
    public static func arrival(_ point: ForecastPoint, label: String, _ ctx: ScreenContext) -> Line {
        HomeScreen.arrival(point, label: label, ctx)
    }

    /// The header's freshness badge for `screen`: fresh, stale, partly unavailable; its age; simulated.
    public static func freshness(_ summary: HomeSummary, screen: Screen, _ ctx: ScreenContext) -> [Span] {
        Badges.freshness(ParkState(summary: served(summary)), screen: screen, ctx)
    }

    /// What the printed screen says under its values when a shown source is down at the source.
    public static func sourceNotes(_ summary: HomeSummary, screen: Screen, _ ctx: ScreenContext) -> [String] {
        SourceNotes.lines(served(summary), screen: screen, ctx)
    }

    /// A lot status word's style, as the parking screen draws it.
    public static func statusStyle(_ label: OpenEnum<LotStatusLabel>) -> Style { Badges.labelStyle(label) }

    /// A source state's style, as the source rows draw it.
    public static func stateStyle(_ state: OpenEnum<FreshnessState>) -> Style { Badges.stateStyle(state) }

    /// A tab's title.
    public static func tab(_ tab: AppTab) -> L10nKey { Words.tab(tab) }

    /// `hangangjari home|parking|forecast|outing PARK` as it prints, for this summary.
    public static func printed(_ summary: HomeSummary, tab: AppTab, _ ctx: ScreenContext, mode: RenderMode) -> String {
        var state = AppState(
            parkId: summary.park.id, settings: Settings(), simulatedBackend: summary.freshness.isSimulated)
        state.tab = tab
        state.parks[summary.park.id] = ParkState(summary: served(summary))
        return render(Frame.printed(state, ctx), ctx, mode: mode)
    }

    /// `hangangjari parks` as it prints, for this list.
    public static func printedParks(_ list: ParksResponse, simulated: Bool, _ ctx: ScreenContext, mode: RenderMode)
        -> String
    {
        var state = AppState(parkId: ctx.catalog.parks[0].id, settings: Settings(), simulatedBackend: simulated)
        state.tab = .parks
        state.parksList = Loaded(value: list, origin: .network, trust: .current, fetchedAt: list.generatedAt)
        return render(Frame.printed(state, ctx), ctx, mode: mode)
    }

    private static func served(_ summary: HomeSummary) -> Loaded<HomeSummary> {
        Loaded(value: summary, origin: .network, trust: .current, fetchedAt: summary.generatedAt)
    }

    private static func render(_ lines: [Line], _ ctx: ScreenContext, mode: RenderMode) -> String {
        lines.map {
            PrintedScreen.trimTrailing($0.render(width: ctx.width, mode: mode, widths: ctx.widths, pad: false))
        }.joined(separator: "\n") + "\n"
    }
}
