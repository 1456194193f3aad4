import Foundation
import Models

/// What a source answered for one park.
public enum SourceOutcome<Value: Sendable>: Sendable {
    /// A value.
    case ok(Value)
    /// The source works but has no item for this park (Seoul's INFO-200).
    case noItem
    /// The source failed; the reason is shown in the source table.
    case failing(String)
}

/// One lot's live count as read from a source.
public struct LotReading: Sendable, Hashable {
    public var lotId: LotID
    /// Free spaces; nil when the source has no live count (never zero for unknown).
    public var available: Int?
    public var observedAt: Date

    public init(lotId: LotID, available: Int?, observedAt: Date) {
        self.lotId = lotId
        self.available = available
        self.observedAt = observedAt
    }
}

/// The crowd now, with the source's own forecast when it has one.
public struct CrowdReading: Sendable, Hashable {
    public var now: CrowdNow
    public var forecast: [CrowdForecastPoint]

    public init(now: CrowdNow, forecast: [CrowdForecastPoint]) {
        self.now = now
        self.forecast = forecast
    }
}

/// Events and notices for a park.
public struct Bulletins: Sendable, Hashable {
    public var events: [ParkEvent]
    public var notices: [ParkNotice]

    public init(events: [ParkEvent], notices: [ParkNotice]) {
        self.events = events
        self.notices = notices
    }
}

/// The sources a park's data comes from. Collected in the background, never inside a request.
public protocol ParkDataSource: Sendable {
    /// Shown in the source table, e.g. "Seoul citydata" or "simulated".
    var name: String { get }
    /// Whether values are simulated.
    var simulated: Bool { get }
    func parking(_ park: Park, lots: [ParkingLot], at date: Date) async -> SourceOutcome<[LotReading]>
    func crowd(_ park: Park, at date: Date) async -> SourceOutcome<CrowdReading>
    func weather(_ park: Park, at date: Date) async -> SourceOutcome<Weather>
    func bulletins(_ park: Park, at date: Date) async -> SourceOutcome<Bulletins>
}

/// The kinds of source, with their freshness windows and collection cadences.
public enum SourceKind: String, Sendable, CaseIterable {
    case parking, crowd, weather, events

    /// Older than this, a value is stale.
    public var freshnessWindow: TimeInterval {
        switch self {
        case .parking: 20 * 60
        case .crowd: 30 * 60
        case .weather: 90 * 60
        case .events: 24 * 3600
        }
    }

    /// How often the collector reads this source.
    public var cadence: Duration {
        switch self {
        case .parking: .seconds(60)
        case .crowd: .seconds(300)
        case .weather: .seconds(600)
        case .events: .seconds(1800)
        }
    }
}
