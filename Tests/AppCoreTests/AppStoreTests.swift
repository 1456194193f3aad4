import AppCore
import Foundation
import Localization
import Models
import Repositories
import Storage
import Testing

@Suite struct AppStoreTests {
    @Test func theParkComesFromTheArgumentThenFavouritesThenHomeThenYeouido() throws {
        let world = try TestWorld()
        #expect(AppStore(park: "banpo", simulated: true, environment: world.environment).state.parkId == "banpo")
        #expect(AppStore(simulated: true, environment: world.environment).state.parkId == "yeouido")
        world.settings.withLock { $0.home = Coordinate(lat: 37.52, lon: 127.09) }
        #expect(AppStore(simulated: true, environment: world.environment).state.parkId == "jamsil")
        world.settings.withLock { $0.favorites = ["nanji"] }
        #expect(AppStore(simulated: true, environment: world.environment).state.parkId == "nanji")
    }

    @Test func aCurrentRefreshUpdatesBothWidgetSnapshots() async throws {
        let world = try TestWorld()
        let store = AppStore(park: "yeouido", simulated: true, environment: world.environment)
        await store.refresh()
        #expect(store.state.current.summary?.trust == .current)
        #expect(world.written.withLock { $0 } == ["yeouido"])
    }

    @Test func aFailedRefreshKeepsTheLastValueMarkedStaleAndWritesNoSnapshot() async throws {
        let world = try TestWorld()
        let store = AppStore(park: "yeouido", simulated: true, environment: world.environment)
        await store.refresh()
        world.failing.withLock { $0 = true }
        await store.refresh(force: true)
        let state = store.state
        #expect(state.current.summary?.value.park.id == "yeouido")
        guard case .stale(let reason)? = state.current.summary?.trust else {
            Issue.record("not stale")
            return
        }
        #expect(reason.technical.contains("server down"))
        #expect(state.message == .showingStale(reason: reason))
        #expect(world.written.withLock { $0.count } == 1)
    }

    @Test func nothingKeptMeansUnavailableWithTheReason() async throws {
        let world = try TestWorld()
        world.failing.withLock { $0 = true }
        let store = AppStore(park: "banpo", simulated: true, environment: world.environment)
        await store.refresh()
        #expect(store.state.current.summary == nil)
        #expect(store.state.current.unavailableReason?.technical.contains("server down") == true)
    }

    @Test func favouritesAreSavedAndToggle() throws {
        let world = try TestWorld()
        let store = AppStore(park: "banpo", simulated: true, environment: world.environment)
        store.toggleFavorite()
        #expect(world.settings.withLock { $0.favorites } == ["banpo"])
        #expect(store.state.isFavorite)
        store.toggleFavorite()
        #expect(world.settings.withLock { $0.favorites }.isEmpty)
        #expect(store.state.message == .favoriteRemoved("banpo"))
    }

    @Test func theWidgetParkIsSavedForBothKindsWithTheValueOnScreen() async throws {
        let world = try TestWorld()
        let store = AppStore(park: "ichon", simulated: true, environment: world.environment)
        await store.refresh()
        store.setWidgetPark()
        #expect(world.settings.withLock { $0.widgetParks } == [.parking: "ichon", .general: "ichon"])
        #expect(world.written.withLock { $0 } == ["ichon", "ichon"])
    }

    @Test func aDeepLinkOpensTheSameParkScreenAndLot() throws {
        let world = try TestWorld()
        let store = AppStore(simulated: true, environment: world.environment)
        store.open(try DeepLink(parsing: "hangangjari://park/banpo/forecast?lot=banpo-1"))
        let state = store.state
        #expect(state.parkId == "banpo" && state.tab == .forecast && state.focusedLot == "banpo-1")
        store.open(DeepLink(parkId: "atlantis"))
        #expect(store.state.parkId == "banpo")
        if case .badLink? = store.state.message {} else { Issue.record("an unknown park is not reported") }
    }

    @Test func parksGoWestToEastAndWrap() throws {
        let world = try TestWorld()
        let store = AppStore(park: "gangseo", simulated: true, environment: world.environment)
        store.movePark(by: 1)
        #expect(store.state.parkId == "nanji")
        store.movePark(by: -2)
        #expect(store.state.parkId == "gwangnaru")
    }

    @Test func lotsCycleFromTheParkTotal() throws {
        let world = try TestWorld()
        let store = AppStore(park: "banpo", simulated: true, environment: world.environment)
        store.moveLot(by: 1)
        #expect(store.state.focusedLot == "banpo-1")
        store.moveLot(by: 2)
        #expect(store.state.focusedLot == nil)
    }

    @Test func theParksCursorOpensThatPark() throws {
        let world = try TestWorld()
        let store = AppStore(park: "yeouido", simulated: true, environment: world.environment)
        store.show(.parks)
        #expect(store.state.parksCursor == 4)  // Yeouido is fifth from the west
        store.moveCursor(by: 1)
        store.openParkAtCursor()
        #expect(store.state.parkId == "ichon" && store.state.tab == .home)
    }

    @Test func refreshAllLoadsEveryPark() async throws {
        let world = try TestWorld()
        let store = AppStore(simulated: true, environment: world.environment)
        await store.refreshAll()
        #expect(store.state.parks.values.filter { $0.summary != nil }.count == 11)
        if case .refreshedAll(let parks, _)? = store.state.message {
            #expect(parks == 11)
        } else {
            Issue.record("no message")
        }
    }
}
