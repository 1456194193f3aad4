import Localization
import Models

/// Events and notices are as old as the answer they came in: when the events source is not current, each row
/// says so with that answer's time, so an old warning never reads as today's.
enum BulletinAge {
    /// "stale, as of 05-20 · ", first in the row so a narrow screen never cuts it, while the events source is
    /// stale; nothing while it is current.
    static func span(_ freshness: Freshness, _ ctx: ScreenContext) -> Span? {
        guard let status = freshness.sources.first(where: { $0.source == .known(.events) }),
            status.state == .known(.stale), let observed = status.observedAt
        else { return nil }
        return Span(ctx.l(.valueStaleAsOf, ctx.observed(observed)) + " · ", .colored(.yellow))
    }
}
