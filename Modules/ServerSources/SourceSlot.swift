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
        unmatchedRows: [String]? = nil, droppedRows: Int = 0
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
        if reason == nil, droppedRows > 0 { reason = SourceDetail(.rowsDropped, count: droppedRows) }
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
    public var bikes = SourceSlot<WayThereReading>()
    public var subway = SourceSlot<WayThereReading>()
    public var buses = SourceSlot<WayThereReading>()
    public var chargers = SourceSlot<WayThereReading>()
    public var roadControls = SourceSlot<WayThereReading>()
    public var forecast: ForecastOverview?
    /// Increases with every change; the response cache rebuilds when it moves.
    public var version = 0
    /// When the collected values last changed.
    public var updatedAt = Date(timeIntervalSince1970: 0)

    public init() {}

    /// Reads what any instance wrote: one of an older build has no way-there slots (they start empty).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        parking = try c.decode(SourceSlot<ParkingReadings>.self, forKey: .parking)
        crowd = try c.decode(SourceSlot<CrowdReading>.self, forKey: .crowd)
        weather = try c.decode(SourceSlot<Weather>.self, forKey: .weather)
        bulletins = try c.decode(SourceSlot<Bulletins>.self, forKey: .bulletins)
        roadTraffic = try c.decodeIfPresent(RoadTraffic.self, forKey: .roadTraffic)
        for (key, path) in [
            (CodingKeys.bikes, \CollectedPark.bikes), (.subway, \.subway), (.buses, \.buses), (.chargers, \.chargers),
            (.roadControls, \.roadControls),
        ] {
            self[keyPath: path] = try c.decodeIfPresent(SourceSlot<WayThereReading>.self, forKey: key) ?? SourceSlot()
        }
        forecast = try c.decodeIfPresent(ForecastOverview.self, forKey: .forecast)
        version = try c.decode(Int.self, forKey: .version)
        updatedAt = try c.decode(Date.self, forKey: .updatedAt)
    }

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

    /// The slot of a way-there kind (nil for the others).
    public static func wayThereSlot(_ kind: SourceKind) -> WritableKeyPath<CollectedPark, SourceSlot<WayThereReading>>?
    {
        switch kind {
        case .bikes: \.bikes
        case .subway: \.subway
        case .buses: \.buses
        case .chargers: \.chargers
        case .roadControls: \.roadControls
        case .parking, .crowd, .weather, .events: nil
        }
    }

    /// The way-there lists as last read, each as old as its slot says.
    public var wayThere: WayThere {
        func list(_ kind: SourceKind) -> WayThere {
            Self.wayThereSlot(kind).flatMap { self[keyPath: $0].value?.lists } ?? WayThere()
        }
        return WayThere(
            bikeStations: list(.bikes).bikeStations, subwayStations: list(.subway).subwayStations,
            busStops: list(.buses).busStops, chargingStations: list(.chargers).chargingStations,
            roadControls: list(.roadControls).roadControls)
    }

    /// The freshness of every way-there source (kept out of ``statuses(source:now:)``: a park's freshness is its
    /// parking, crowd, weather and events; a stale train arrival is said on the outing, not on the park).
    public func wayThereStatuses(source: any ParkDataSource, now: Date) -> [SourceStatus] {
        SourceKind.wayThere.compactMap { kind in
            Self.wayThereSlot(kind).map { path in
                let slot = self[keyPath: path]
                return slot.status(
                    kind, sourceName: source.name, simulated: source.simulated, now: now,
                    lag: source.expectedLag(kind), droppedRows: slot.value?.droppedRows ?? 0)
            }
        }
    }
}
