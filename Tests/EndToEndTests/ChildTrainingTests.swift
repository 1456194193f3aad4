import Foundation
import Models
import ServerForecasting
import ServerSources
import TestFixtures
import Testing

@testable import ReferenceServer

/// The server trains its forecast model in a child process of its own binary: a week of readings in, a stored
/// model out; too little history gives none; a child that fails says why.
@Suite struct ChildTrainingTests {
    /// A week (or `days`) of Yeouido's simulated readings every 15 minutes, up to `end` (a bucket).
    static func week(end: Int, days: Int = 7) -> [(lot: LotID, at: Date, available: Int)] {
        let model = SimulationModel(catalog: .bundled)
        let lots = Catalog.bundled.lots(in: "yeouido")
        return stride(from: end - days * TimeSlot.perDay, to: end, by: 3).flatMap { slot in
            lots.compactMap { lot in
                model.available(lot: lot, at: TimeSlot.start(of: slot)).map { (lot.id, TimeSlot.start(of: slot), $0) }
            }
        }
    }

    @Test func aChildTrainsTheModelOnTheReadingsItIsGiven() async throws {
        let end = TimeSlot.index(of: TestClock.daytime)
        let train = ChildTraining.run(executable: Binaries.url("hangangjari-server").path)
        let stored = try #require(try await train(Self.week(end: end), nil, end, TestClock.daytime))
        #expect(stored.days == 7 && stored.samples > 1000 && !stored.model.isEmpty)
        #expect(stored.trainedAt == TestClock.daytime)
        #expect(stored.calibration == BandCalibration())
        #expect(try await train(Array(Self.week(end: end).suffix(100)), nil, end, TestClock.daytime) == nil)

        // A day later, given the model in use: its forecasts since it was trained are recorded in the widths the
        // next model is served with, through the last whole day.
        let later = end + TimeSlot.perDay
        let next = try #require(
            try await train(Self.week(end: later, days: 8), stored, later, TimeSlot.start(of: later)))
        #expect(next.calibration.through == ForecastCalendar.seoul.dayNumber(ofBucket: end))
        #expect(next.calibration.horizons.map(\.minutes) == Forecaster().horizons)
        #expect(next.calibration.horizons.allSatisfy { $0.days.reduce(0, +) == 1 })
    }

    @Test func aChildThatFailsSaysWhy() throws {
        let path = Binaries.url("hangangjari-server").path
        let failure = #expect(throws: ChildTraining.Failed.self) {
            try ChildTraining.exchange(
                path, [ChildTraining.subcommand, "--cutoff", "1", "--now", "0"], input: Data("x\n".utf8))
        }
        #expect(failure?.said.contains("training input line 1") == true, "\(String(describing: failure))")
    }
}
