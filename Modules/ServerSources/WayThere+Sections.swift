import Foundation
import Models

/// One way-there section as a source read it: its list, and how many of its rows could not be read.
public struct WayThereReading: Sendable, Hashable, Codable {
    /// Only the section's own list is filled.
    public var lists: WayThere
    /// Rows of the section dropped one by one (no name, a detail of unknown shape, a position outside Seoul).
    public var droppedRows: Int

    public init(lists: WayThere, droppedRows: Int = 0) {
        self.lists = lists
        self.droppedRows = droppedRows
    }
}

/// A way-there value split by kind and placed among a park's lots: the rules every source follows.
extension WayThere {
    /// Only the list of `kind` (empty for a kind that is not a way-there one).
    public func section(_ kind: SourceKind) -> WayThere {
        switch kind {
        case .bikes: WayThere(bikeStations: bikeStations)
        case .subway: WayThere(subwayStations: subwayStations)
        case .buses: WayThere(busStops: busStops)
        case .chargers: WayThere(chargingStations: chargingStations)
        case .roadControls: WayThere(roadControls: roadControls)
        case .parking, .crowd, .weather, .events: WayThere()
        }
    }

    /// The observation times of the list of `kind`.
    func observations(_ kind: SourceKind) -> [Date?] {
        switch kind {
        case .bikes: bikeStations.map(\.observedAt)
        case .subway: subwayStations.map(\.observedAt)
        case .buses: busStops.map(\.observedAt)
        case .chargers: chargingStations.map(\.observedAt)
        case .roadControls: roadControls.map(\.observedAt)
        case .parking, .crowd, .weather, .events: []
        }
    }

    /// Whether the list of `kind` holds nothing.
    public func isEmpty(_ kind: SourceKind) -> Bool { observations(kind).isEmpty }

    /// When the list of `kind` was observed: its newest item.
    public func observedAt(_ kind: SourceKind) -> Date? { observations(kind).compactMap { $0 }.max() }

    /// The lists with `date` as the observation of every item without one of its own (the time of the answer that
    /// carried them: Seoul gives bikes, stations and stops no time).
    public func observed(at date: Date) -> WayThere {
        var out = self
        for i in out.bikeStations.indices { out.bikeStations[i].observedAt = out.bikeStations[i].observedAt ?? date }
        for i in out.subwayStations.indices {
            out.subwayStations[i].observedAt = out.subwayStations[i].observedAt ?? date
        }
        for i in out.busStops.indices { out.busStops[i].observedAt = out.busStops[i].observedAt ?? date }
        for i in out.chargingStations.indices {
            out.chargingStations[i].observedAt = out.chargingStations[i].observedAt ?? date
        }
        for i in out.roadControls.indices { out.roadControls[i].observedAt = out.roadControls[i].observedAt ?? date }
        return out
    }

    /// The lists observed `age` seconds earlier than they say (an injected stale source).
    public func aged(by age: TimeInterval) -> WayThere {
        var out = self
        for i in out.bikeStations.indices { out.bikeStations[i].observedAt? -= age }
        for i in out.subwayStations.indices { out.subwayStations[i].observedAt? -= age }
        for i in out.busStops.indices { out.busStops[i].observedAt? -= age }
        for i in out.chargingStations.indices { out.chargingStations[i].observedAt? -= age }
        for i in out.roadControls.indices { out.roadControls[i].observedAt? -= age }
        return out
    }

    /// The lists placed among a park's `lots`: each charging station gets its nearest lot, each road work the lots
    /// within ``RoadControl/nearLotMeters`` of it. Items without a position get neither.
    public func placed(among lots: [ParkingLot]) -> WayThere {
        var out = self
        for i in out.chargingStations.indices {
            guard let position = out.chargingStations[i].coordinate,
                let nearest = lots.min(by: {
                    $0.coordinate.distance(to: position) < $1.coordinate.distance(to: position)
                })
            else { continue }
            out.chargingStations[i].nearestLotId = nearest.id
            out.chargingStations[i].nearestLotMeters = Int(nearest.coordinate.distance(to: position).rounded())
        }
        for i in out.roadControls.indices {
            guard let position = out.roadControls[i].coordinate else { continue }
            out.roadControls[i].nearLotIds = lots.filter {
                $0.coordinate.distance(to: position) <= RoadControl.nearLotMeters
            }.map(\.id)
        }
        return out
    }
}
