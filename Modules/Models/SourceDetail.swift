import FoundationEssentials

/// Why a source is not simply fresh, as a code: clients word it in their language from the code and its numbers;
/// `SourceStatus.detail` keeps the English sentence for older clients.
public enum SourceDetailCode: String, ContractEnum {
    /// Nothing collected yet.
    case notCollected = "not_collected"
    /// The source answers with errors; `text` is its own wording.
    case failing
    /// The newest value was observed `ageMinutes` ago, past the `windowMinutes` within which it counts as current.
    case olderThan = "older_than"
    /// The source lists lots, but none of its rows matched a lot of this park (`count` rows).
    case noLotMatched = "no_lot_matched"
    /// The source publishes late by design: observed `ageMinutes` ago, within its usual lag.
    case publishedLate = "published_late"
    /// Calls to the upstream service paused after a transient error, until `until`.
    case backingOff = "backing_off"
    /// Calls stopped: the upstream refused the key (Seoul's INFO-100).
    case keyRefused = "key_refused"
    /// Positions are placeholders around the park centre.
    case placeholderPositions = "placeholder_positions"
    /// The last good response was served after a rebuild failed.
    case lastGoodServed = "last_good_served"
    /// `count` rows of the source could not be read and were left out; the rest are shown.
    case rowsDropped = "rows_dropped"
    /// No open source publishes this (facility positions): nothing is shown rather than something made up.
    case noOpenSource = "no_open_source"
}

/// A source detail as a code with its numbers.
public struct SourceDetail: Hashable, Sendable, Codable {
    public var code: OpenEnum<SourceDetailCode>
    public var ageMinutes: Int?
    public var windowMinutes: Int?
    public var count: Int?
    public var until: Date?
    /// Upstream wording (an error message), shown as it came.
    public var text: String?

    public init(
        _ code: SourceDetailCode, ageMinutes: Int? = nil, windowMinutes: Int? = nil, count: Int? = nil,
        until: Date? = nil,
        text: String? = nil
    ) {
        self.code = .known(code)
        self.ageMinutes = ageMinutes
        self.windowMinutes = windowMinutes
        self.count = count
        self.until = until
        self.text = text
    }

    /// The English sentence for `SourceStatus.detail`.
    public var english: String {
        switch code {
        case .known(.notCollected): "not collected yet"
        case .known(.failing): "source failing: \(text ?? "")"
        case .known(.olderThan): "observed \(ageMinutes ?? 0) min ago, older than \(windowMinutes ?? 0) min"
        case .known(.noLotMatched): "no row matched a lot (\(count ?? 0) rows)"
        case .known(.publishedLate): "published late by design: observed \(ageMinutes ?? 0) min ago"
        case .known(.backingOff): "upstream paused after an error until \(until.map { ISO8601.format($0) } ?? "later")"
        case .known(.keyRefused): "the Seoul Open Data key was refused: \(text ?? "INFO-100")"
        case .known(.placeholderPositions): "placeholder positions around the park centre"
        case .known(.lastGoodServed): "last good response served after a failed rebuild"
        case .known(.rowsDropped): "unreadable rows left out: \(count ?? 0)"
        case .known(.noOpenSource): "no open source"
        case .unknown(let raw): text ?? raw
        }
    }
}

/// How a server uses its upstream data service today (calls count against a daily quota).
public struct UpstreamUsage: Hashable, Sendable, Codable {
    /// The upstream, e.g. "Seoul citydata".
    public var service: String
    /// The Seoul day the count belongs to, `YYYY-MM-DD`.
    public var day: String
    /// Calls made that day.
    public var callsToday: Int
    /// The fewest seconds between two calls for one area.
    public var intervalSeconds: Int
    /// Set while calls are paused or stopped.
    public var detail: SourceDetail?

    public init(service: String, day: String, callsToday: Int, intervalSeconds: Int, detail: SourceDetail? = nil) {
        self.service = service
        self.day = day
        self.callsToday = callsToday
        self.intervalSeconds = intervalSeconds
        self.detail = detail
    }
}
