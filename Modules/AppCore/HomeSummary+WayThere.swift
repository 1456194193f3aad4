import Models

extension HomeSummary {
    /// The summary with the way there as the park's outing response has it whole (the home summary carries only the
    /// first screen's facts): its lists, and its rows for them in place of the summary's. Nothing else changes, and
    /// an outing of another park changes nothing.
    public func withWayThere(of outing: OutingSummary?) -> HomeSummary {
        guard let outing, outing.parkId == park.id, let wayThere = outing.wayThere else { return self }
        func isWayThere(_ status: SourceStatus) -> Bool { status.source.known.map(SourceID.wayThere.contains) ?? false }
        var merged = self
        merged.outing.wayThere = wayThere
        let rows = outing.sources.filter(isWayThere)
        var sources = self.outing.sources.filter { !isWayThere($0) }
        // In the outing response's place for them: after events, before facilities.
        let at = sources.firstIndex { $0.source == .known(.facilities) } ?? sources.endIndex
        sources.insert(contentsOf: rows, at: at)
        merged.outing.sources = sources
        return merged
    }
}
