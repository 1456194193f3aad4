import Foundation
import Models

/// What a source answered for one park.
public enum SourceOutcome<Value: Sendable>: Sendable {
    /// A value.
    case ok(Value)
    /// The source works but has no item for this park (Seoul's INFO-200).
    case noItem
    /// The source failed; the reason is shown in the source table.
    case failing(SourceDetail)

    /// A failure in the source's own words.
    public static func failing(_ text: String) -> SourceOutcome { .failing(SourceDetail(.failing, text: text)) }

    /// Whether the source failed (no item is an answer, not a failure).
    public var failed: Bool {
        if case .failing = self { return true }
        return false
    }
}

/// One lot's live count as read from a source.
public struct LotReading: Sendable, Hashable, Codable {
    public var lotId: LotID
    /// Free spaces; nil when the source has no current count (never zero for unknown; a count older than the
    /// parking window is no current count).
    public var available: Int?
    /// When the source took the count (the row's own time).
    public var observedAt: Date
    /// The source's own number of spaces, when it has one (it can differ from the lot list's).
    public var capacity: Int?
    /// Other lots counted together with this one (one row for several lots); such a count is not recorded.
    public var sharedWith: [LotID]

    public init(lotId: LotID, available: Int?, observedAt: Date, capacity: Int? = nil, sharedWith: [LotID] = []) {
        self.lotId = lotId
        self.available = available
        self.observedAt = observedAt
        self.capacity = capacity
        self.sharedWith = sharedWith
    }
}

/// A parking source's answer for one park: a reading per matched lot (lots without one have no row), and the
/// rows that matched nothing.
public struct ParkingReadings: Sendable, Hashable, Codable {
    public var readings: [LotReading]
    /// Rows of the source that matched no lot, by the source's name for them.
    public var unmatchedRows: [String]
    /// Rows the source listed.
    public var rowCount: Int

    public init(readings: [LotReading], unmatchedRows: [String] = [], rowCount: Int? = nil) {
        self.readings = readings
        self.unmatchedRows = unmatchedRows
        self.rowCount = rowCount ?? readings.count
    }

    /// The newest observation among the matched rows (current or not); nil when nothing matched.
    public var newestObservation: Date? { readings.map(\.observedAt).max() }
}

/// The crowd now, with the source's own forecast when it has one.
public struct CrowdReading: Sendable, Hashable, Codable {
    public var now: CrowdNow
    public var forecast: [CrowdForecastPoint]

    public init(now: CrowdNow, forecast: [CrowdForecastPoint]) {
        self.now = now
        self.forecast = forecast
    }
}

/// Events and notices for a park.
public struct Bulletins: Sendable, Hashable, Codable {
    public var events: [ParkEvent]
    public var notices: [ParkNotice]
    /// When the source said these: the answer they came in, not the time of the call (an old answer's events
    /// and warnings are as old as it). Nil: the source gave no time, and nothing can be said of their age.
    public var observedAt: Date?

    public init(events: [ParkEvent], notices: [ParkNotice], observedAt: Date?) {
        self.events = events
        self.notices = notices
        self.observedAt = observedAt
    }
}

extension ParkNotice {
    /// This notice, said by its source at `date`.
    public func observed(_ date: Date?) -> ParkNotice {
        var notice = self
        notice.observedAt = date
        return notice
    }
}

/// The sources a park's data comes from. Collected in the background, never inside a request.
public protocol ParkDataSource: Sendable {
    /// Shown in the source table, e.g. "Seoul citydata" or "simulated".
    var name: String { get }
    /// Whether values are simulated.
    var simulated: Bool { get }
    /// How far behind the clock this source publishes by design (Seoul's crowd time lags 20–35 min).
    func expectedLag(_ kind: SourceKind) -> TimeInterval
    /// How the source uses its upstream today, when it has one with a quota.
    func upstreamUsage(at date: Date) -> UpstreamUsage?
    func parking(_ park: Park, lots: [ParkingLot], at date: Date) async -> SourceOutcome<ParkingReadings>
    func crowd(_ park: Park, at date: Date) async -> SourceOutcome<CrowdReading>
    func weather(_ park: Park, at date: Date) async -> SourceOutcome<Weather>
    func bulletins(_ park: Park, at date: Date) async -> SourceOutcome<Bulletins>
    /// Road traffic near the park, read with the weather.
    func roadTraffic(_ park: Park, at date: Date) async -> SourceOutcome<RoadTraffic>
    /// One way-there section near the park (`kind` one of ``SourceKind/wayThere``): only its list is filled, each
    /// item with its observation time, charging stations with their nearest lot, road works with the lots they are
    /// near.
    func wayThere(_ kind: SourceKind, _ park: Park, at date: Date) async -> SourceOutcome<WayThereReading>
}

extension ParkDataSource {
    public func expectedLag(_ kind: SourceKind) -> TimeInterval { 0 }
    public func upstreamUsage(at date: Date) -> UpstreamUsage? { nil }
    public func roadTraffic(_ park: Park, at date: Date) async -> SourceOutcome<RoadTraffic> { .noItem }
    public func wayThere(_ kind: SourceKind, _ park: Park, at date: Date) async -> SourceOutcome<WayThereReading> {
        .noItem
    }
}

/// The kinds of source, with their freshness windows and collection cadences.
public enum SourceKind: String, Sendable, CaseIterable {
    case parking, crowd, weather, events
    /// The way-there sections: 따릉이 stations, subway stations with their next trains, bus stops, EV chargers and
    /// road works, each with a window of its own (a minute-old train arrival is stale; a bike count less soon).
    case bikes, subway, buses, chargers
    case roadControls = "road_controls"

    /// The way-there kinds, in the order the outing shows them.
    public static let wayThere: [SourceKind] = [.bikes, .subway, .buses, .chargers, .roadControls]

    /// The id its statuses carry: every collected kind is a source of the vocabulary under the same name.
    public var id: SourceID {
        guard let id = SourceID(rawValue: rawValue) else { preconditionFailure("\(rawValue) is not a SourceID") }
        return id
    }

    /// The collected kind a status is about; nil for derived sources (forecast, facilities) and unknown ids.
    public init?(_ id: OpenEnum<SourceID>) {
        guard case .known(let known) = id else { return nil }
        self.init(rawValue: known.rawValue)
    }

    /// Older than this, a value is stale.
    public var freshnessWindow: TimeInterval {
        switch self {
        case .parking: 20 * 60
        case .crowd: 30 * 60
        case .weather: 90 * 60
        case .events: 24 * 3600
        // Arrivals count from the answer's time, and a client counts them down: read every 5 minutes, a train
        // report older than 6 is stale.
        case .subway, .buses: 6 * 60
        case .bikes: 20 * 60
        case .chargers: 30 * 60
        case .roadControls: 60 * 60
        }
    }

    /// The one rule for "is a reading of this kind current" on the server: observed within the kind's window plus
    /// the source's known publishing lag (Seoul publishes some readings late), and not from the future. The slot's
    /// verdict and a last good response served later (``ResponseCache``) both ask here.
    public func isCurrent(observedAt: Date, now: Date, lag: TimeInterval) -> Bool {
        Freshness.isCurrent(observedAt: observedAt, now: now, window: freshnessWindow + lag)
    }

    /// How often the collector reads this source.
    public var cadence: Duration {
        switch self {
        case .parking: .seconds(60)
        case .crowd: .seconds(300)
        case .weather: .seconds(600)
        case .events: .seconds(1800)
        // Seoul answers one area at most every 5 minutes (the citydata budget): reading more often reads the same.
        case .bikes, .subway, .buses, .chargers, .roadControls: .seconds(300)
        }
    }
}
