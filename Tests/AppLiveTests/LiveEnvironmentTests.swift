import AppBackend
import AppCore
import AppLive
import EmbeddedServer
import Foundation
import Models
import Repositories
import Storage
import TestFixtures
import TestSupport
import Testing
import WidgetSnapshot

/// The live environment over the real reference server (loopback, libcurl), a real SQLite cache and real files.
@Suite(.serialized) struct LiveEnvironmentTests {
    func container() -> SharedContainer {
        SharedContainer(
            url: FileManager.default.temporaryDirectory.appendingPathComponent("hj-app-\(UUID().uuidString)"))
    }

    /// A current cached value is the answer: no session starts (the server is gone and nothing fails), and the
    /// widget snapshots written since are not overwritten with the older cached value.
    @Test func aCurrentCachedValueStartsNothingAndRewritesNoSnapshot() async throws {
        let server = try await TestBackend.start()
        let container = container()
        defer { try? FileManager.default.removeItem(at: container.url) }
        let configuration = AppConfiguration(apiURL: server.baseURL)
        // The first read backfills the park on a debug server; 15 s leaves room for a machine loaded by the other suites.
        let first = AppStore(
            park: "banpo", simulated: false,
            environment: AppEnvironment.live(
                configuration: configuration, embedded: .reference, container: container, environment: [:], timeout: 15
            ).environment)
        await first.refresh()
        await server.stop()
        let snapshot = container.file("widget-parking-banpo.json")
        #expect(FileManager.default.fileExists(atPath: snapshot.path))
        try FileManager.default.removeItem(at: snapshot)
        let environment = AppEnvironment.live(
            configuration: configuration, embedded: .reference, container: container, environment: [:], timeout: 1
        ).environment
        let loaded = try await environment.loadSummary(ParkID("banpo"), false)
        #expect(loaded.origin == .cache && loaded.trust == .current)
        let parks = try? await environment.loadParks(false)
        #expect(parks == nil || parks?.origin == .cache)
        let again = AppStore(park: "banpo", simulated: false, environment: environment)
        await again.refresh()
        #expect(again.state.current.summary?.trust == .current)
        #expect(!FileManager.default.fileExists(atPath: snapshot.path))
    }

    @Test func refreshWritesSnapshotsThatMatchTheScreenAndTheCachePaintsTheNextStart() async throws {
        let server = try await TestBackend.start()
        let container = container()
        defer { try? FileManager.default.removeItem(at: container.url) }
        let configuration = AppConfiguration(apiURL: server.baseURL)
        let store = AppStore(
            park: "banpo", simulated: false,
            environment: AppEnvironment.live(
                configuration: configuration, embedded: .reference, container: container, environment: [:], timeout: 15
            ).environment)
        #expect(store.state.current.summary == nil)
        await store.refresh()
        let shown = try #require(store.state.current.summary)
        #expect(shown.trust == .current && shown.origin == .network)
        guard case .success(let snapshot) = SnapshotStore(container: container).read(.parking, "banpo") else {
            Issue.record("no snapshot")
            return
        }
        #expect(snapshot.parking?.totalAvailable == shown.value.parking.totalAvailable)
        #expect(abs(snapshot.builtAt.timeIntervalSince(shown.fetchedAt)) < 1)  // the age counts from the fetch

        // A second process start paints from the cache before any request.
        let restarted = AppStore(
            park: "banpo", simulated: false,
            environment: AppEnvironment.live(
                configuration: configuration, embedded: .reference, container: container, environment: [:], timeout: 15
            ).environment)
        #expect(restarted.state.current.summary?.origin == .cache)
        #expect(restarted.state.current.summary?.value.parking.totalAvailable == shown.value.parking.totalAvailable)

        // The server goes away: the last value stays, marked stale, and the widget snapshot is not touched.
        await server.stop()
        await restarted.refresh(force: true)
        guard case .stale? = restarted.state.current.summary?.trust else {
            Issue.record("not marked stale")
            return
        }
        #expect(restarted.state.current.summary?.value.parking.totalAvailable == shown.value.parking.totalAvailable)
        guard case .success(let after) = SnapshotStore(container: container).read(.parking, "banpo") else {
            Issue.record("snapshot lost")
            return
        }
        #expect(after == snapshot)
    }

    @Test func refreshAllLoadsElevenParksInParallel() async throws {
        let server = try await TestBackend.start()
        defer { Task { await server.stop() } }
        let container = container()
        defer { try? FileManager.default.removeItem(at: container.url) }
        let store = AppStore(
            simulated: false,
            environment: AppEnvironment.live(
                configuration: AppConfiguration(apiURL: server.baseURL), embedded: .reference, container: container,
                environment: [:]
            ).environment)
        let elapsed = await store.refreshAll()
        let state = store.state
        #expect(state.parks.values.filter { $0.summary?.trust == .current }.count == 11)
        #expect(state.parksList?.value.parks.count == 11)
        #expect(elapsed < .seconds(10))
    }

    @Test func theEmbeddedBackendServesSimulatedDataThroughTheNormalClient() async throws {
        let container = container()
        defer { try? FileManager.default.removeItem(at: container.url) }
        let session = try await BackendSession.open(
            configuration: AppConfiguration(), container: container, timeout: 5, embedded: .reference)
        #expect(session.origin == .embedded(realData: false))
        #expect(session.baseURL.hasPrefix("http://127.0.0.1:"))
        let loaded = try await session.reads.homeSummary("jamsil")
        #expect(loaded.value.freshness.isSimulated)
        let diagnostics = await session.client.diagnostics
        #expect(diagnostics.lastRequestSigned == true, "\(diagnostics)")
        #expect(FileManager.default.fileExists(atPath: container.file("cache-embedded.sqlite").path))
    }

    @Test func doctorReportsAHealthyServerAndADeadOne() async throws {
        let server = try await TestBackend.start()
        let container = container()
        defer { try? FileManager.default.removeItem(at: container.url) }
        let healthy = await Doctor.run(
            configuration: AppConfiguration(apiURL: server.baseURL), container: container, embedded: .reference,
            timeout: 15, clock: TestClock.clock())
        for check in [Doctor.Check.api, .token, .policy, .clock, .container] {
            #expect(healthy.first { $0.check == check }?.status == .ok, "\(check): \(healthy)")
        }
        await server.stop()
        let dead = await Doctor.run(
            configuration: AppConfiguration(apiURL: server.baseURL), container: container, embedded: .reference,
            timeout: 1, clock: TestClock.clock())
        #expect(dead.first { $0.check == .api }?.status == .failed)
    }
}
