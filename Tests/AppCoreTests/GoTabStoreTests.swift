import AppCore
import Foundation
import Localization
import Models
import Repositories
import Synchronization
import TestFixtures
import Testing

/// The go tab's state: loaded once when shown, an old answer kept and marked stale, the arrival moved within reach.
@Suite struct GoTabStoreTests {
    @Test func theGoTabLoadsOnceKeepsAnOldAnswerMarkedStaleAndMovesTheArrival() async throws {
        let world = try TestWorld()
        let answer = try ContractCoding.decode(
            LotForecastsResponse.self, from: Fixtures.contract("lot-forecasts-response.json"))
        let calls = Mutex(0)
        var environment = world.environment
        environment.loadLotForecasts = { _ in
            calls.withLock { $0 += 1 }
            if world.failing.withLock({ $0 }) { throw RepositoryUnavailable(reason: Reason(verbatim: "server down")) }
            return Loaded(value: answer, origin: .network, trust: .current, fetchedAt: TestClock.now())
        }
        let store = AppStore(park: "yeouido", simulated: true, environment: environment)
        store.show(.go)
        await store.refreshIfNeeded()
        await store.refreshIfNeeded()
        #expect(calls.withLock { $0 } == 1)
        #expect(store.state.lotForecasts?.trust == .current)
        world.failing.withLock { $0 = true }
        await store.refresh(force: true)
        #expect(store.state.lotForecasts?.trust == .stale(reason: Reason(verbatim: "server down")))
        #expect(store.state.lotForecasts?.value == answer)

        #expect(store.state.arrivalMinutes == nil)
        store.moveArrival(by: 1, reach: 180)
        #expect(store.state.arrivalMinutes == 40)
        for _ in 0..<30 { store.moveArrival(by: 1, reach: 180) }
        #expect(store.state.arrivalMinutes == 180)
        for _ in 0..<30 { store.moveArrival(by: -1, reach: 180) }
        #expect(store.state.arrivalMinutes == 0)
    }

    @Test func withNothingLoadedTheGoTabSaysWhy() async throws {
        let world = try TestWorld()
        let store = AppStore(park: "yeouido", simulated: true, environment: world.environment)
        store.show(.go)
        await store.refreshIfNeeded()
        #expect(store.state.lotForecasts == nil)
        #expect(store.state.lotForecastsFailure != nil)
    }
}
