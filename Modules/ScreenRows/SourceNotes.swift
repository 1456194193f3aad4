import Localization
import Models
import Repositories
import ValueWording

/// What is true when a screen's values are not all current, said once, under the screen and on stderr.
///
/// A refresh that failed shows the last values and says so; a source that is down at the source is named with
/// since when ("weather: unavailable at the source since 21:10"), and leaves the values that were delivered as they
/// are. The verdict and the exit status follow the screen's main sources alone (`Freshness.mainSources(of:)`).
enum SourceNotes {
    /// The notes for `loaded` as `screen` shows it: the refresh failure, else each shown source that is down.
    static func lines(_ loaded: Loaded<HomeSummary>, screen: Screen, _ ctx: ScreenContext) -> [String] {
        lines(loaded, screen: screen, ctx, mainOnly: false)
    }

    /// The notes that explain a verdict that is not current (the refresh failure, or the main sources that are
    /// down): what stderr carries.
    static func verdictLines(_ loaded: Loaded<HomeSummary>, screen: Screen, _ ctx: ScreenContext) -> [String] {
        lines(loaded, screen: screen, ctx, mainOnly: true)
    }

    private static func lines(_ loaded: Loaded<HomeSummary>, screen: Screen, _ ctx: ScreenContext, mainOnly: Bool)
        -> [String]
    {
        if let failure = loaded.trust.refreshFailure { return [ctx.l(.messageShowingStale, failure)] }
        let main = Freshness.mainSources(of: screen)
        return loaded.value.freshness.notCurrent(shownOn: screen)
            .filter { !mainOnly || ($0.source.known.map(main.contains) ?? true) }
            .map { note($0, ctx) }
    }

    /// "weather: unavailable at the source since 21:10" (the last answer for a source that fails, the last
    /// observation for one whose data is old).
    static func note(_ status: SourceStatus, _ ctx: ScreenContext) -> String {
        let name = ctx.sourceName(status.source)
        let state = ctx.l(ValueWords.state(status.state))
        let since =
            status.state == .known(.stale)
            ? status.observedAt ?? status.lastSuccessAt : status.lastSuccessAt ?? status.observedAt
        guard let since else { return ctx.l(.noteSourceDown, name, state) }
        return ctx.l(.noteSourceDownSince, name, state, ctx.clock(since))
    }
}
