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
        #expect(entry.snapshot?.go == WidgetSnapshot.GoPart(answer: answer))
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
        #expect(stale.snapshot?.go == WidgetSnapshot.GoPart(answer: answer))
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

    /// The snapshot keeps only what ranking reads: every arrival from 0 to 180 minutes, by day and at night, and
    /// with a stale park, ranks the same lots with the same estimates and words as the answer itself.
    @Test func theKeptFormRanksAsTheAnswerDoes() throws {
        var stale = answer
        stale.parks[0].freshness.sources = stale.parks[0].freshness.sources.map { source in
            var source = source
            source.state = .known(.stale)
            return source
        }
        for answer in [answer, stale] {
            let kept = try ContractCoding.decode(
                WidgetSnapshot.GoPart.self, from: try ContractCoding.encode(WidgetSnapshot.GoPart(answer: answer)))
            for now in [answer.generatedAt, answer.generatedAt.addingTimeInterval(-12 * 3600)] {
                for minutes in stride(from: 0, through: 180, by: 5) {
                    let arrival = ArrivalRanking.Arrival.inMinutes(minutes)
                    #expect(
                        ArrivalRanking.rank(kept.answer, arrival: arrival, catalog: .bundled, now: now)
                            == ArrivalRanking.rank(answer, arrival: arrival, catalog: .bundled, now: now),
                        "in \(minutes) min from \(now)")
                }
            }
        }
    }

    /// A damaged go file is read as corrupt, never as a number: a count that is not whole, or a parking row naming
    /// another source (writing it back would drop it; the storage fuzz target found it).
    @Test(arguments: ["a fractional p10", "a parking row of the crowd source"])
    func aDamagedGoFileIsCorrupt(damage: String) throws {
        defer { try? FileManager.default.removeItem(at: container.url) }
        let store = SnapshotStore(container: container)
        try store.write(SnapshotBuilder.go(answer, park: "banpo", now: TestClock.now()))
        let url = store.url(.go, "banpo")
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        var go = try #require(object["go"] as? [String: Any])
        var parks = try #require(go["parks"] as? [[String: Any]])
        #expect(store.read(.go, "banpo").map(\.kind) == .success(.go), "read before the damage")
        if damage == "a fractional p10" {
            var forecasts = try #require(parks[0]["forecasts"] as? [[Any]])
            var numbers = try #require(forecasts[0][2] as? String).split(separator: ",").map(String.init)
            numbers[2] = "1.5"  // the first point's p10
            forecasts[0][2] = numbers.joined(separator: ",")
            parks[0]["forecasts"] = forecasts
        } else {
            var parking = try #require(parks[0]["parking"] as? [Any])
            parking[0] = "crowd"
            parks[0]["parking"] = parking
        }
        go["parks"] = parks
        object["go"] = go
        try JSONSerialization.data(withJSONObject: object).write(to: url)
        #expect(store.read(.go, "banpo") == .failure(.corrupt))
    }
}
