import Foundation
import Models
import ServerForecasting
import ServerSources
import TestFixtures

/// Simulated lots read every 5 minutes for whole days: history the learner can be trained on in a test.
enum SimulatedHistory {
    /// `days` days of the park's lots up to `end` (the afternoon, when they are open).
    static func series(park: ParkID = "yeouido", days: Int, end: Date = TestClock.daytime) -> [HistorySeries] {
        let model = SimulationModel(catalog: .bundled)
        let last = TimeSlot.index(of: end)
        let first = last - days * 288
        return Catalog.bundled.lots(in: park).map {
            HistorySeries.simulated($0, model: model, buckets: first..<last)
        }
    }
}
