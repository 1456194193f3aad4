import Foundation
import Localization
import Models
import Storage
import TestFixtures
import Testing
import ValueWording
import WidgetRendering
import WidgetSnapshot

@Suite struct SnapshotBuilderTests {
    @Test func parkingSnapshotSaysTheRecommendedLotFirst() throws {
        let s = SnapshotBuilder.build(.parking, from: try Fixtures.homeSummary(), now: TestClock.now())
        #expect(s.parkId == "yeouido")
        #expect(s.parking?.lotId == "yeouido-3")
        #expect(s.parking?.available == 212)
        #expect(s.parking?.capacity == 785)
        #expect(s.parking?.forecast?.minutesAhead == 30)
        #expect(s.deepLink == "hangangjari://park/yeouido/parking")
        #expect(s.freshness == .known(.fresh))
        #expect(s.simulated)
    }

    /// The capacity a count is out of is the served status's (the source decided it), never the catalog's again.
    @Test func aLotsCapacityIsTheOneItsCountIsOutOf() throws {
        var summary = try Fixtures.homeSummary()
        let index = try #require(summary.parking.lots.firstIndex { $0.lot.id == "yeouido-3" })
        summary.parking.lots[index].status.capacity = 900  // a row counted with a neighbour
        let s = SnapshotBuilder.build(.parking, from: summary, now: TestClock.now())
        #expect(s.parking?.capacity == 900)
        #expect(s.parking?.lots?.first { $0.lotId == "yeouido-3" }?.capacity == 900)
    }

    @Test func generalSnapshotCarriesTheVerdict() throws {
        let s = SnapshotBuilder.build(
            .general, from: try Fixtures.homeSummary(), now: try Fixtures.homeSummary().generatedAt)
        #expect(s.general?.crowd == .known(.normal))
        #expect(s.general?.closures == 1)
        #expect(s.general?.verdict == Verdict(call: .caution, reason: .closure))
        #expect(s.freshness == .known(.stale))  // the fixture's weather source is stale
        #expect(s.deepLink == "hangangjari://park/yeouido/outing")
    }
}

@Suite struct SnapshotStoreTests {
    @Test func roundTripsAndRefusesBadFiles() throws {
        let container = SharedContainer(
            url: FileManager.default.temporaryDirectory.appendingPathComponent("hj-snap-\(UUID().uuidString)"))
        defer { try? FileManager.default.removeItem(at: container.url) }
        let store = SnapshotStore(container: container)
        #expect(store.read(.parking, "yeouido") == .failure(.missing))
        try store.writeBoth(from: try Fixtures.homeSummary(), now: TestClock.now())
        guard case .success(let s) = store.read(.parking, "yeouido") else {
            Issue.record("not readable")
            return
        }
        #expect(s.parking?.available == 212)
        try Data("{\"format\":1,\"kind\":".utf8).write(to: store.url(.parking, "yeouido"))
        #expect(store.read(.parking, "yeouido") == .failure(.corrupt))
        try Data(#"{"format":2,"kind":"parking","something":"new"}"#.utf8).write(to: store.url(.parking, "yeouido"))
        #expect(store.read(.parking, "yeouido") == .failure(.otherFormat(2)))
        // A snapshot file for another park under this park's name is refused.
        try FileManager.default.copyItem(at: store.url(.general, "yeouido"), to: store.url(.general, "banpo"))
        #expect(store.read(.general, "banpo") == .failure(.wrongPark("yeouido")))
    }
}

@Suite struct WidgetLoaderTests {
    func container() -> SharedContainer {
        SharedContainer(
            url: FileManager.default.temporaryDirectory.appendingPathComponent("hj-loader-\(UUID().uuidString)"))
    }

    struct Offline: Error, CustomStringConvertible { var description: String { "server unreachable" } }

    @Test func freshSnapshotIsUsedWithoutFetching() async throws {
        let c = container()
        defer { try? FileManager.default.removeItem(at: c.url) }
        try SnapshotStore(container: c).writeBoth(from: try Fixtures.homeSummary(), now: TestClock.now())
        let loader = WidgetEntryLoader(
            store: SnapshotStore(container: c),
            fetch: { _ in
                Issue.record("fetched although the snapshot was fresh")
                throw Offline()
            }, now: { TestClock.now() })
        let entry = await loader.load(.parking, park: "yeouido", maxAge: 300)
        #expect(entry.state == .current)
    }

    @Test func failureShowsTheLastSnapshotMarkedStale() async throws {
        let c = container()
        defer { try? FileManager.default.removeItem(at: c.url) }
        try SnapshotStore(container: c).writeBoth(
            from: try Fixtures.homeSummary(), now: TestClock.now().addingTimeInterval(-3600))
        let loader = WidgetEntryLoader(
            store: SnapshotStore(container: c), fetch: { _ in throw Offline() }, now: { TestClock.now() })
        let entry = await loader.load(.parking, park: "yeouido", maxAge: 300)
        #expect(entry.state == .stale(reason: Reason(Offline())))
        #expect(entry.snapshot?.parking?.available == 212)
        let text = WidgetFormatter(language: .en, now: TestClock.now()).render(entry, as: .text)
        #expect(text.exitCode == ExitStatus.stale)
        #expect(text.text.contains("min old"))
        #expect(text.text.contains("Not updated: server unreachable"))
    }

    @Test func nothingAtAllGivesAPlaceholderThatSaysWhy() async throws {
        let c = container()
        defer { try? FileManager.default.removeItem(at: c.url) }
        let loader = WidgetEntryLoader(
            store: SnapshotStore(container: c), fetch: { _ in throw Offline() }, now: { TestClock.now() })
        let entry = await loader.load(.general, park: "nanji", maxAge: 300)
        #expect(entry.state == .unavailable(reason: Reason(Offline())))
        let output = WidgetFormatter(language: .ko, now: TestClock.now()).render(entry, as: .waybar)
        #expect(output.text.contains("난지 · 정보 없음"))
        #expect(output.exitCode == 0)
    }

    @Test func wrongParkPayloadIsNeverSaved() async throws {
        let c = container()
        defer { try? FileManager.default.removeItem(at: c.url) }
        // The fetch always answers with Yeouido.
        let loader = WidgetEntryLoader(store: SnapshotStore(container: c), fetch: { _ in try Fixtures.homeSummary() })
        let entry = await loader.load(.parking, park: "banpo", maxAge: 300)
        guard case .unavailable = entry.state else {
            Issue.record("a wrong-park payload was shown")
            return
        }
        #expect(SnapshotStore(container: c).read(.parking, "banpo") == .failure(.missing))
        #expect(SnapshotStore(container: c).read(.parking, "yeouido") == .failure(.missing))
    }
}

@Suite struct LocationResolverTests {
    /// The widget and the app choose a park by one rule; only the widget has its own setting on top.
    @Test func parkResolutionOrder() {
        var settings = Settings()
        let catalog = Catalog.bundled
        #expect(
            LocationResolver.resolve(explicit: nil, kind: .parking, settings: settings, catalog: catalog) == "yeouido"
        )
        settings.home = Coordinate(lat: 37.5195, lon: 127.0860)
        #expect(
            LocationResolver.resolve(explicit: nil, kind: .parking, settings: settings, catalog: catalog) == "jamsil")
        settings.favorites = ["mangwon"]
        #expect(
            LocationResolver.resolve(explicit: nil, kind: .parking, settings: settings, catalog: catalog) == "mangwon"
        )
        #expect(settings.defaultPark(in: catalog) == "mangwon", "the app starts on the park the widget shows")
        settings.widgetParks[.parking] = "banpo"
        #expect(
            LocationResolver.resolve(explicit: nil, kind: .parking, settings: settings, catalog: catalog) == "banpo")
        #expect(
            LocationResolver.resolve(explicit: "nanji", kind: .parking, settings: settings, catalog: catalog)
                == "nanji")
    }
}
