import Models
import Testing

/// The pages' one route table: every screen's page path reads back as the same link, and a path that names no
/// screen is refused with the reason.
@Suite struct PageRouteTests {
    @Test func everyScreensPagePathReadsBackAsTheSameLink() throws {
        for screen in Screen.allCases {
            for lot in [nil, LotID("yeouido-3")] {
                let link = DeepLink(parkId: "yeouido", screen: screen, lotId: lot)
                let path = link.webPath
                #expect(path.hasPrefix(PageRoute.parkPrefix))
                let segments = path.dropFirst(PageRoute.parkPrefix.count).split(separator: "?")[0].split(separator: "/")
                let read = try PageRoute.link(
                    park: String(segments[0]), screen: segments.count > 1 ? String(segments[1]) : nil,
                    lot: lot?.rawValue)
                #expect(read == link, "\(path)")
                // The custom-scheme form of the same link names the same screen.
                #expect(try DeepLink(parsing: link.description) == link)
            }
        }
        #expect(DeepLink(parkId: "banpo").webPath == "/p/banpo")
        #expect(
            DeepLink(parkId: "banpo", screen: .forecast, lotId: "banpo-1").webPath == "/p/banpo/forecast?lot=banpo-1")
    }

    @Test func aPathThatNamesNoScreenIsRefusedWithItsReason() {
        #expect(throws: PageRoute.Refusal.invalidPark("Banpo")) {
            try PageRoute.link(park: "Banpo", screen: nil, lot: nil)
        }
        #expect(throws: PageRoute.Refusal.unknownScreen("map")) {
            try PageRoute.link(park: "banpo", screen: "map", lot: nil)
        }
        #expect(throws: PageRoute.Refusal.invalidLot("x y")) {
            try PageRoute.link(park: "banpo", screen: "parking", lot: "x y")
        }
    }

    @Test func theRouterPathsAreTheParkPrefixsChildren() {
        #expect(PageRoute.parkList.routerPath == "/")
        for route in [PageRoute.parkHome, .parkScreen, .beyondScreen] {
            #expect(route.routerPath.hasPrefix(PageRoute.parkPrefix + ":" + PageRoute.parkParameter))
        }
    }
}
