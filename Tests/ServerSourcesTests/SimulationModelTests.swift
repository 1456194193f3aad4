import Foundation
import Models
import ServerSources
import Testing

/// The simulated demand: busier on a spring Saturday afternoon than on a winter weekday morning, closed at night.
@Suite struct SimulationModelTests {
    @Test func simulationFollowsTheDay() {
        let model = SimulationModel(catalog: .bundled)
        let lot = Catalog.bundled.lot("yeouido-1")!
        // A Saturday afternoon in May is busier than a Tuesday morning in January.
        let busy = ISO8601.parse("2026-05-16T16:00:00+09:00")!
        let quiet = ISO8601.parse("2026-01-13T08:00:00+09:00")!
        #expect(model.expectedOccupancy(lot: lot, at: busy) > model.expectedOccupancy(lot: lot, at: quiet) + 0.3)
        #expect(model.available(lot: lot, at: ISO8601.parse("2026-05-16T02:00:00+09:00")!) == nil)  // closed at night
        let yeouido = model.expectedOccupancy(lot: lot, at: busy)
        let gangseo = model.expectedOccupancy(lot: Catalog.bundled.lot("gangseo-1")!, at: busy)
        #expect(yeouido > gangseo)
    }
}
