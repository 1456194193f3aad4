import Foundation
import Models

extension WayThere {
    /// The kinds the home summary carries (their source rows go with them).
    static let briefKinds: Set<SourceID> = [.bikes, .chargers, .roadControls]

    /// What the home summary carries of the way there: the first screen's facts only, so it stays small. The
    /// 따릉이 station nearest to `centre`, the charging station beside a lot with the most free chargers (without
    /// its address and hours), and the road works near a lot. The outing response carries every list whole.
    func brief(around centre: Coordinate) -> WayThere {
        let bikes = bikeStations.enumerated().min { a, b in
            let (da, db) = (a.element.coordinate?.distance(to: centre), b.element.coordinate?.distance(to: centre))
            return (da ?? .infinity, a.offset) < (db ?? .infinity, b.offset)
        }?.element
        var charger = chargingStations.filter { $0.nearestLotId != nil && $0.count(.free) > 0 }
            .enumerated().max { a, b in
                (a.element.count(.free), -a.offset) < (b.element.count(.free), -b.offset)
            }?.element
        charger?.address = nil
        charger?.hours = nil
        return WayThere(
            bikeStations: bikes.map { [$0] } ?? [], chargingStations: charger.map { [$0] } ?? [],
            roadControls: roadControls.filter { !$0.nearLotIds.isEmpty })
    }
}
