import Foundation
import Models

/// The last outcome of one source for one park, and the last good value.
public struct SourceSlot<Value: Sendable>: Sendable {
    public var value: Value?
    /// When the shown value was observed by the source.
    public var observedAt: Date?
    public var lastSuccessAt: Date?
    public var lastAttemptAt: Date?
    /// Set while the source is failing.
    public var failure: String?
    /// Set while the source answers "no item".
    public var noItem = false

    public init() {}

    /// Applies an outcome read at `now`.
    public mutating func apply(_ outcome: SourceOutcome<Value>, now: Date, observedAt: (Value) -> Date?) {
        lastAttemptAt = now
        switch outcome {
        case .ok(let v):
            value = v
            self.observedAt = observedAt(v) ?? now
            lastSuccessAt = now
            failure = nil
            noItem = false
        case .noItem:
            value = nil
            self.observedAt = nil
            lastSuccessAt = now
            failure = nil
            noItem = true
        case .failing(let reason):
            failure = reason  // the last good value stays, and will show as stale
        }
    }

    /// The freshness of this source at `now`. A stale value never looks fresh.
    public func status(_ kind: SourceKind, sourceName: String, simulated: Bool, now: Date) -> SourceStatus {
        let state: FreshnessState
        var detail: String?
        if lastAttemptAt == nil {
            state = .unavailable
            detail = "not collected yet"
        } else if noItem {
            state = .noItem
        } else if let failure {
            state = value == nil ? .unavailable : .stale
            detail = "source failing: \(failure)"
        } else if let observedAt, now.timeIntervalSince(observedAt) <= kind.freshnessWindow {
            state = .fresh
        } else if value != nil {
            state = .stale
            detail = "older than \(Int(kind.freshnessWindow / 60)) min"
        } else {
            state = .unavailable
        }
        return SourceStatus(
            source: kind.rawValue, sourceName: sourceName, state: .known(state), observedAt: observedAt,
            lastSuccessAt: lastSuccessAt, simulated: simulated, detail: detail)
    }
}

/// Everything collected for one park.
public struct ParkSnapshot: Sendable {
    public var parking = SourceSlot<[LotReading]>()
    public var crowd = SourceSlot<CrowdReading>()
    public var weather = SourceSlot<Weather>()
    public var bulletins = SourceSlot<Bulletins>()
    public var forecast: ForecastOverview?
    /// Increases with every change; the response cache rebuilds when it moves.
    public var version = 0
    /// When the snapshot last changed.
    public var updatedAt = Date(timeIntervalSince1970: 0)

    public init() {}

    /// The freshness of every source.
    public func statuses(sourceName: String, simulated: Bool, now: Date) -> [SourceStatus] {
        [
            parking.status(.parking, sourceName: sourceName, simulated: simulated, now: now),
            crowd.status(.crowd, sourceName: sourceName, simulated: simulated, now: now),
            weather.status(.weather, sourceName: sourceName, simulated: simulated, now: now),
            bulletins.status(.events, sourceName: sourceName, simulated: simulated, now: now),
        ]
    }
}
