import Foundation
import Localization
import Models
import Storage
import TestFixtures
import Testing
import WidgetSnapshot

/// The go widget's snapshot: one file for every park, written after a fetch of every lot's forecast, read without a
/// fetch while fresh, and kept marked stale when a fetch fails.
@Suite struct GoSnapshotTests {
    struct Offline: Error, CustomStringConvertible { var description: String { "server unreachable" } }

    let answer: LotForecastsResponse
    let container = SharedContainer(
        url: FileManager.default.temporaryDirectory.appendingPathComponent("hj-go-snap-\(UUID().uuidString)"))

    init() throws {
        answer = try ContractCoding.decode(
            LotForecastsResponse.self, from: Fixtures.contract("lot-forecasts-response.json"))
    }

    @Test func aFetchWritesOneFileThatIsReadWithoutFetchingWhileFresh() async throws {
        defer { try? FileManager.default.removeItem(at: container.url) }
        let store = SnapshotStore(container: container)
        let answer = self.answer
        let fetched = WidgetEntryLoader(
            store: store, fetch: { _ in throw Offline() }, fetchLotForecasts: { answer }, now: { TestClock.now() })
        let entry = await fetched.load(.go, park: "banpo", maxAge: 300)
        #expect(entry.state == .current)
        #expect(entry.snapshot?.go?.answer == answer)
        #expect(store.url(.go, "banpo").lastPathComponent == "widget-go.json")
        // Whichever park the widget resolves to, there is one go file, and no park snapshot was written.
        guard case .success(let read) = store.read(.go, "nanji") else {
            Issue.record("the go snapshot was not read back")
            return
        }
        #expect(read.kind == .go && read.go == entry.snapshot?.go)
        #expect(store.read(.parking, "banpo") == .failure(.missing))

        let offline = WidgetEntryLoader(
            store: store, fetch: { _ in throw Offline() },
            fetchLotForecasts: {
                Issue.record("fetched although the snapshot was fresh")
                throw Offline()
            }, now: { TestClock.now().addingTimeInterval(120) })
        #expect(await offline.load(.go, park: "banpo", maxAge: 300).state == .current)
        let later = WidgetEntryLoader(
            store: store, fetch: { _ in throw Offline() }, fetchLotForecasts: { throw Offline() },
            now: { TestClock.now().addingTimeInterval(600) })
        let stale = await later.load(.go, park: "banpo", maxAge: 300)
        #expect(stale.state == .stale(reason: Reason(Offline())))
        #expect(stale.snapshot?.go?.answer == answer)
    }

    @Test func itsFreshnessIsTheBestParksSoOneStaleParkDoesNotStaleTheLine() {
        var answer = self.answer
        let fresh = SnapshotBuilder.go(answer, park: "yeouido", now: TestClock.now())
        #expect(fresh.freshness == .known(.fresh))
        #expect(fresh.kind == .go && fresh.go != nil && fresh.parking == nil)
        for index in answer.parks.indices {
            for source in answer.parks[index].freshness.sources.indices {
                answer.parks[index].freshness.sources[source].state = .known(.stale)
            }
        }
        #expect(SnapshotBuilder.go(answer, park: "yeouido", now: TestClock.now()).freshness == .known(.stale))
    }
}
