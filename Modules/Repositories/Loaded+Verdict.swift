import Localization
import Models

extension LoadTrust {
    /// Why the last refresh failed, when it did.
    public var refreshFailure: Reason? {
        if case .stale(let reason) = self { return reason }
        return nil
    }
}

extension Loaded where Value == HomeSummary {
    /// The verdict on this value as `screen` shows it (`TrustVerdict.judge` over the sources that screen shows).
    public func verdict(shownOn screen: Screen) -> TrustVerdict {
        TrustVerdict.judge(
            hasValue: true, refreshFailure: trust.refreshFailure, sources: value.freshness.overall(decidingOn: screen))
    }

    /// The summary as it is shown: after a failed refresh no source still says fresh.
    public var shown: HomeSummary {
        guard trust.refreshFailure != nil else { return value }
        var summary = value
        summary.freshness = summary.freshness.afterFailedRefresh()
        summary.outing.sources = Freshness(sources: summary.outing.sources).afterFailedRefresh().sources
        return summary
    }
}

extension Loaded {
    /// The verdict on a value without sources of its own (the parks list): current unless its refresh failed.
    public var deliveryVerdict: TrustVerdict {
        TrustVerdict.judge(hasValue: true, refreshFailure: trust.refreshFailure, sources: .fresh)
    }
}
