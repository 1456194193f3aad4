import Foundation
import Models

/// The last outcome of one source for one park, and the last good value.
public struct SourceSlot<Value: Sendable>: Sendable {
    public var value: Value?
    /// When the shown value was observed by the source; nil when the value holds no observation at all.
    public var observedAt: Date?
    public var lastSuccessAt: Date?
    public var lastAttemptAt: Date?
    /// Set while the source is failing.
    public var failure: SourceDetail?
    /// Set while the source answers "no item".
    public var noItem = false

    public init() {}

    /// Applies an outcome read at `now`; `observedAt` says when a value was observed (nil: it holds no observation).
    public mutating func apply(_ outcome: SourceOutcome<Value>, now: Date, observedAt: (Value) -> Date?) {
        lastAttemptAt = now
        switch outcome {
        case .ok(let v):
            value = v
            self.observedAt = observedAt(v)
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

    /// The freshness of this source at `now`. A stale value never looks fresh: a value is fresh only when it was
    /// observed within the kind's window (plus the source's known lag), and never when it was observed in the future.
    /// `empty` explains a value that holds no observation.
    public func status(
        _ kind: SourceKind, sourceName: String, simulated: Bool, now: Date, lag: TimeInterval = 0,
        empty: SourceDetail? = nil,
        unmatchedRows: [String]? = nil
    ) -> SourceStatus {
        let state: FreshnessState
        var reason: SourceDetail?
        let window = Int(kind.freshnessWindow / 60)
        if lastAttemptAt == nil {
            state = .unavailable
            reason = SourceDetail(.notCollected)
        } else if noItem {
            state = .noItem
        } else if let failure {
            state = value == nil ? .unavailable : .stale
            reason = failure
        } else if let observedAt {
            let age = now.timeIntervalSince(observedAt)
            let minutes = Int((age / 60).rounded(.down))
            if kind.isCurrent(observedAt: observedAt, now: now, lag: lag) {
                state = .fresh
                if age > kind.freshnessWindow { reason = SourceDetail(.publishedLate, ageMinutes: minutes) }
            } else {
                state = value == nil ? .unavailable : .stale
                reason = SourceDetail(.olderThan, ageMinutes: max(0, minutes), windowMinutes: window)
            }
        } else {
            state = .unavailable
            reason = empty
        }
        return SourceStatus(
            source: .known(kind.id), sourceName: sourceName, state: .known(state), observedAt: observedAt,
            lastSuccessAt: lastSuccessAt, simulated: simulated, reason: reason, unmatchedRows: unmatchedRows)
    }
}

extension SourceSlot: Codable where Value: Codable {}

/// Everything collected for one park.
public struct CollectedPark: Sendable, Codable {
    public var parking = SourceSlot<ParkingReadings>()
    public var crowd = SourceSlot<CrowdReading>()
    public var weather = SourceSlot<Weather>()
    public var bulletins = SourceSlot<Bulletins>()
    public var roadTraffic: RoadTraffic?
    public var forecast: ForecastOverview?
    /// Increases with every change; the response cache rebuilds when it moves.
    public var version = 0
    /// When the collected values last changed.
    public var updatedAt = Date(timeIntervalSince1970: 0)

    public init() {}

    /// The freshness of every source.
    public func statuses(source: any ParkDataSource, now: Date) -> [SourceStatus] {
        let (name, simulated) = (source.name, source.simulated)
        let parkingValue = parking.value
        let noMatch = parkingValue.map { SourceDetail(.noLotMatched, count: $0.rowCount) }
        let unmatched = parkingValue.flatMap { $0.unmatchedRows.isEmpty ? nil : $0.unmatchedRows }
        return [
            parking.status(
                .parking, sourceName: name, simulated: simulated, now: now, lag: source.expectedLag(.parking),
                empty: noMatch,
                unmatchedRows: unmatched),
            crowd.status(.crowd, sourceName: name, simulated: simulated, now: now, lag: source.expectedLag(.crowd)),
            weather.status(
                .weather, sourceName: name, simulated: simulated, now: now, lag: source.expectedLag(.weather)),
            bulletins.status(.events, sourceName: name, simulated: simulated, now: now),
        ]
    }
}
