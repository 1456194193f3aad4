import Localization

/// How far what is shown can be trusted: the one rule behind the app's header, the printed commands, `--json`,
/// the widget and the exit codes, so the same data gets the same verdict everywhere.
public enum TrustVerdict: Sendable, Equatable {
    /// Delivered within its window, and every source it shows calls itself fresh (or has no item).
    case current
    /// The last value: it could not be refreshed, or a source it shows is stale or failing. `reason` says which.
    case stale(reason: Reason)
    /// Nothing to show; `reason` says why.
    case unavailable(reason: Reason)

    /// The verdict on a value (nil when there is none), given why its last refresh failed (nil when it was
    /// delivered current) and the worst state of the sources it shows.
    public static func judge(hasValue: Bool, refreshFailure: Reason?, sources: FreshnessState) -> TrustVerdict {
        guard hasValue else { return .unavailable(reason: refreshFailure ?? Reason(.reasonNothingFetched)) }
        if let refreshFailure { return .stale(reason: refreshFailure) }
        switch sources {
        case .fresh, .noItem: return .current
        case .stale: return .stale(reason: Reason(.reasonSourceStale))
        case .unavailable: return .stale(reason: Reason(.reasonSourceUnavailable))
        }
    }

    /// The word `--json` carries: `current`, `stale` or `unavailable`.
    public var word: String {
        switch self {
        case .current: "current"
        case .stale: "stale"
        case .unavailable: "unavailable"
        }
    }

    /// Why the value is not current, when it is not.
    public var reason: Reason? {
        switch self {
        case .current: nil
        case .stale(let reason), .unavailable(let reason): reason
        }
    }

    /// The exit status of every binary that shows the value: 0 current, 3 stale, 4 nothing to show.
    public var exitStatus: Int32 {
        switch self {
        case .current: ExitStatus.ok
        case .stale: ExitStatus.stale
        case .unavailable: ExitStatus.unavailable
        }
    }
}

extension Freshness {
    /// The sources whose state decides a screen's verdict, and so its exit status: the screen's main values. The
    /// home and the parking screen stand on parking, the forecast screen on the forecast, the outing screen on
    /// crowd, weather and events. A source outside them that is down is said in words, and leaves the verdict alone.
    /// The widget's parking kind is judged as the parking screen, its general kind as the outing screen.
    public static func mainSources(of screen: Screen) -> Set<SourceID> {
        switch screen {
        case .home, .parking: [.parking]
        case .forecast: [.forecast]
        case .outing: [.crowd, .weather, .events]
        }
    }

    /// The sources a screen shows (nil: every source), whose states it names.
    public static func sources(shownOn screen: Screen) -> Set<SourceID>? {
        switch screen {
        case .home: nil
        case .parking, .forecast: [.parking, .forecast]
        case .outing: [.crowd, .weather, .events]
        }
    }

    /// The worst state of the sources that decide `screen`'s verdict.
    public func overall(decidingOn screen: Screen) -> FreshnessState {
        let main = Self.mainSources(of: screen)
        return Freshness(sources: sources.filter { $0.source.known.map(main.contains) ?? false }).overall
    }

    /// The sources shown on `screen` that the source itself reports as stale or unavailable, in response order.
    public func notCurrent(shownOn screen: Screen) -> [SourceStatus] {
        let shown = Self.sources(shownOn: screen)
        return sources.filter { status in
            guard shown.map({ set in status.source.known.map(set.contains) ?? false }) ?? true else { return false }
            switch status.state {
            case .known(.fresh), .known(.noItem): return false
            case .known(.stale), .known(.unavailable), .unknown: return true
            }
        }
    }

    /// The sources as they stand once a refresh has failed: a value that was fresh when fetched is now the last one,
    /// so the Sources line never says fresh next to a stale header.
    public func afterFailedRefresh() -> Freshness {
        Freshness(
            sources: sources.map { status in
                var status = status
                if status.state == .known(.fresh) { status.state = .known(.stale) }
                return status
            })
    }
}
