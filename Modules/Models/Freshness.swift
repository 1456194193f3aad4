import FoundationEssentials

/// How current a source's value is. A stale value never looks fresh.
public enum FreshnessState: String, ContractEnum {
    /// Observed within the source's freshness window.
    case fresh
    /// The last good value, older than the window (shown with its age).
    case stale
    /// No value can be shown (the source failed and nothing was kept).
    case unavailable
    /// The source is live but has no item for this park (Seoul's INFO-200).
    case noItem = "no_item"
}

/// The state of one data source for one park.
public struct SourceStatus: Hashable, Sendable, Codable {
    /// Stable source id: `parking`, `crowd`, `weather`, `events`, `forecast`, ...
    public var source: OpenEnum<SourceID>
    /// Human-readable source name, e.g. "Seoul citydata PRK_STTS" or "simulated".
    public var sourceName: String
    public var state: OpenEnum<FreshnessState>
    /// When the shown value was observed by the source.
    public var observedAt: Date?
    /// When the source last answered successfully.
    public var lastSuccessAt: Date?
    /// Whether the value is simulated rather than real.
    public var simulated: Bool
    /// Why the state is not fresh, when it is not, in English (older clients show this).
    public var detail: String?
    /// The same as a code with its numbers (optional addition).
    public var reason: SourceDetail?
    /// Rows of the source that matched no lot, as the source named them (optional addition; parking only).
    public var unmatchedRows: [String]?

    public init(
        source: OpenEnum<SourceID>, sourceName: String, state: OpenEnum<FreshnessState>, observedAt: Date?,
        lastSuccessAt: Date?, simulated: Bool, detail: String? = nil, reason: SourceDetail? = nil,
        unmatchedRows: [String]? = nil
    ) {
        self.source = source
        self.sourceName = sourceName
        self.state = state
        self.observedAt = observedAt
        self.lastSuccessAt = lastSuccessAt
        self.simulated = simulated
        self.detail = detail ?? reason?.english
        self.reason = reason
        self.unmatchedRows = unmatchedRows
    }
}

/// Freshness of a whole response: one entry per source.
public struct Freshness: Hashable, Sendable, Codable {
    public var sources: [SourceStatus]

    public init(sources: [SourceStatus]) {
        self.sources = sources
    }

    /// The status of one source.
    public subscript(source: SourceID) -> SourceStatus? {
        self[.known(source)]
    }

    /// The status of one source, known to this client or not.
    public subscript(source: OpenEnum<SourceID>) -> SourceStatus? {
        sources.first { $0.source == source }
    }

    /// The worst state over all sources (fresh only if every source is fresh or has no item).
    public var overall: FreshnessState {
        var worst = FreshnessState.fresh
        for status in sources {
            switch status.state {
            case .known(.unavailable), .unknown: return .unavailable
            case .known(.stale): worst = .stale
            case .known(.fresh), .known(.noItem): break
            }
        }
        return worst
    }

    /// Whether any source is simulated.
    public var isSimulated: Bool { sources.contains { $0.simulated } }
}

extension Freshness {
    /// How far in the future an observation may lie (clocks differ a little) before it is distrusted.
    public static let futureTolerance: TimeInterval = 60

    /// The one rule for "is this value still current": observed less than `window` seconds before `now`, and not
    /// from the future (beyond ``futureTolerance``: a clock set wrong must not make a value fresh for ever). Used by
    /// the server's sources, the cache, the first paint, the widget and the printed commands alike.
    public static func isCurrent(observedAt: Date, now: Date, window: TimeInterval) -> Bool {
        let age = now.timeIntervalSince(observedAt)
        return age < window && age >= -futureTolerance
    }
}
