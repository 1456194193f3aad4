import Foundation
import ServerTrust
import Synchronization
import Testing

/// The keys an instance holds while the shared store comes and goes.
@Suite struct KeyRingTests {
    /// A store whose keys can be replaced and which can be taken down; it counts how often it is asked.
    final class Store: Sendable {
        let state = Mutex<(keys: TokenKeys?, asked: Int)>((nil, 0))

        var source: TokenKeySource {
            TokenKeySource {
                let keys = self.state.withLock { state in
                    state.asked += 1
                    return state.keys
                }
                guard let keys else { throw Down() }
                return keys
            }
        }

        var asked: Int { state.withLock { $0.asked } }
        func put(_ setting: String?) throws {
            let keys = try setting.map { try TokenKeys(parsing: $0) }
            state.withLock { $0.keys = keys }
        }

        struct Down: Error {}
    }

    let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func keysHeldStayInForceWhileTheStoreIsDownAndFailedReloadsAreCounted() async throws {
        let store = Store()
        let first = TokenKeys.randomSetting(id: "k1")
        try store.put(first)
        let ring = KeyRing(store.source)
        #expect(try await ring.keys(knowing: "k1", now: start).keys.map(\.id) == ["k1"])
        try store.put(nil)
        // A token naming a key nobody rotated in (forged, or rotated while the store is down): the held keys answer,
        // so the token is refused as unknown rather than as a storage failure.
        #expect(try await ring.keys(knowing: "k9", now: start + 5).keys.map(\.id) == ["k1"])
        #expect(try await ring.keys(knowing: "k9", now: start + 5.5).keys.map(\.id) == ["k1"])
        #expect(store.asked == 2, "a failed reload counts against the once-a-second limit")
        // The store is back with a rotated key: the next unknown id a second later loads it.
        try store.put(TokenKeys.randomSetting(id: "k2") + "," + first)
        #expect(try await ring.keys(knowing: "k2", now: start + 6.5).keys.map(\.id) == ["k2", "k1"])
        #expect(store.asked == 3)
    }

    @Test func noKeysHeldAndNoStoreIsAFailure() async throws {
        let store = Store()
        let ring = KeyRing(store.source)
        await #expect(throws: Store.Down.self) { try await ring.keys(knowing: "k1", now: start) }
        await #expect(throws: Store.Down.self) { try await ring.keys() }
    }
}
