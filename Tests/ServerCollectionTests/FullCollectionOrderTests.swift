import Foundation
import Models
import ServerCollection
import ServerFaults
import ServerForecasting
import ServerSources
import Synchronization
import TestFixtures
import Testing

/// Full collections asked for at once (the first one and an operator's collect-now) run one after the other.
struct FullCollectionOrderTests {
    /// The simulated source, slowed down, writing down which kind it was asked for and at what time.
    final class RecordingSource: ParkDataSource {
        let inner = SimulatedSource(catalog: .bundled)
        let asked = Mutex<[(kind: SourceKind, at: Date)]>([])
        var name: String { "recording" }
        var simulated: Bool { true }

        func note(_ kind: SourceKind, _ date: Date) async {
            asked.withLock { $0.append((kind, date)) }
            try? await Task.sleep(for: .milliseconds(5))
        }
        func parking(_ park: Park, lots: [ParkingLot], at date: Date) async -> SourceOutcome<ParkingReadings> {
            await note(.parking, date)
            return await inner.parking(park, lots: lots, at: date)
        }
        func crowd(_ park: Park, at date: Date) async -> SourceOutcome<CrowdReading> {
            await note(.crowd, date)
            return await inner.crowd(park, at: date)
        }
        func weather(_ park: Park, at date: Date) async -> SourceOutcome<Weather> {
            await note(.weather, date)
            return await inner.weather(park, at: date)
        }
        func bulletins(_ park: Park, at date: Date) async -> SourceOutcome<Bulletins> {
            await note(.events, date)
            return await inner.bulletins(park, at: date)
        }
        func wayThere(_ kind: SourceKind, _ park: Park, at date: Date) async -> SourceOutcome<WayThereReading> {
            await note(kind, date)
            return await inner.wayThere(kind, park, at: date)
        }
    }

    @Test func aCollectionAskedForDuringAnotherStartsWhenItEnds() async {
        let source = RecordingSource()
        let ticks = Mutex(0.0)
        let tick: @Sendable () -> Double = {
            ticks.withLock {
                $0 += 1
                return $0
            }
        }
        let collector = Collector(
            catalog: .bundled, source: source, history: MemoryHistoryStore(), faults: FaultSwitch(),
            now: { TestClock.daytime.addingTimeInterval(tick()) })
        async let first: Void = collector.collectAll()
        async let second: Void = collector.collectAll()
        _ = await (first, second)
        let asked = source.asked.withLock { $0 }
        let oneRound = SourceKind.allCases.map { "\($0)×\(Catalog.bundled.parks.count)" }
        #expect(runs(asked.map(\.kind)) == oneRound + oneRound, "the kinds of one round, then the next's")
        let times = asked.map(\.at)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 }, "no read at a time before an earlier one")
    }

    /// "parking×11" for eleven parking reads in a row.
    func runs(_ kinds: [SourceKind]) -> [String] {
        var runs: [(kind: SourceKind, count: Int)] = []
        for kind in kinds {
            if runs.last?.kind == kind { runs[runs.count - 1].count += 1 } else { runs.append((kind, 1)) }
        }
        return runs.map { "\($0.kind)×\($0.count)" }
    }
}
