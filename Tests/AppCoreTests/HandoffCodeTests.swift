import AppCore
import Foundation
import Localization
import Models
import Testing

/// The QR code handed to a phone continues the park and screen on view when the deployment has pages, and says why
/// it shows the route otherwise.
@Suite struct HandoffCodeTests {
    @Test func withPagesTheCodeIsThePageOfTheParkAndScreenOnView() async throws {
        let world = try TestWorld()
        world.pages.withLock { $0 = .at(try! PublicURL("https://hangang.example.org/")) }
        let store = AppStore(park: "banpo", simulated: true, environment: world.environment)
        await store.refresh()
        store.show(.parking)
        await store.toggleHandoffCode()
        #expect(
            store.state.handoffCode
                == HandoffCode(url: "https://hangang.example.org/p/banpo/parking", kind: .page))
        #expect(store.state.message == nil)
        await store.toggleHandoffCode()
        #expect(store.state.handoffCode == nil)
        store.show(.home)
        await store.toggleHandoffCode()
        #expect(store.state.handoffCode?.url == "https://hangang.example.org/p/banpo")
    }

    /// The go tab spans every park: its code is /go for the arrival on view, never a position.
    @Test func onTheGoTabTheCodeIsTheGoPageForTheArrivalOnView() async throws {
        let world = try TestWorld()
        world.pages.withLock { $0 = .at(try! PublicURL("https://hangang.example.org")) }
        let store = AppStore(park: "banpo", simulated: true, environment: world.environment)
        store.show(.go)
        await store.toggleHandoffCode()
        #expect(store.state.handoffCode == HandoffCode(url: "https://hangang.example.org/go", kind: .page))
        await store.toggleHandoffCode()
        store.moveArrival(by: 1, reach: ArrivalRanking.reachMinutes)
        await store.toggleHandoffCode()
        #expect(store.state.handoffCode?.url == "https://hangang.example.org/go?in=40")
    }

    @Test func withoutPagesTheCodeIsTheRouteAndTheStatusLineSaysWhy() async throws {
        let world = try TestWorld()
        let store = AppStore(park: "banpo", simulated: true, environment: world.environment)
        await store.refresh()
        await store.toggleHandoffCode()
        let code = try #require(store.state.handoffCode)
        #expect(code.kind == .route && code.url.hasPrefix("https://map.kakao.com/link/to/"))
        #expect(store.state.message == .noPageLink(reason: Reason(.pageNoneEmbedded)))
    }

    @Test func theAddressComesFromTheConfigurationThenTheServersPolicy() async {
        let served = ClientPolicy(unsignedReads: .known(.allow), publicUrl: "https://served.example.org")
        #expect(
            await PageAddress.resolve(configured: "https://mine.example.org", embedded: false) { served }
                == .at(try! PublicURL("https://mine.example.org")))
        #expect(
            await PageAddress.resolve(configured: nil, embedded: false) { served }
                == .at(try! PublicURL("https://served.example.org")))
        #expect(
            await PageAddress.resolve(configured: nil, embedded: true) { served }
                == .unavailable(Reason(.pageNoneEmbedded)))
        #expect(
            await PageAddress.resolve(configured: nil, embedded: false) { ClientPolicy(unsignedReads: .known(.allow)) }
                == .unavailable(Reason(.pageNoneServer)))
        #expect(
            await PageAddress.resolve(configured: nil, embedded: false) { nil }
                == .unavailable(Reason(.pageNoneUnreachable)))
        guard
            case .unavailable(let reason) = await PageAddress.resolve(
                configured: "ftp://x", embedded: false, policy: { nil })
        else {
            Issue.record("a bad address was taken")
            return
        }
        #expect(reason.technical.contains("must start with https:// or http://"))
    }
}
