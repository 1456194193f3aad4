import Models
import Testing

@Suite struct DeepLinkTests {
    @Test(arguments: [
        "hangangjari://park/yeouido/home", "hangangjari://park/banpo/parking",
        "hangangjari://park/banpo/parking?lot=banpo-2-3", "hangangjari://park/nanji/forecast?lot=nanji-1-4",
        "hangangjari://park/jamsil/outing",
    ])
    func canonicalLinksRoundTrip(_ text: String) throws {
        let link = try DeepLink(parsing: text)
        #expect(link.description == text)
        #expect(try DeepLink(parsing: link.description) == link)
    }

    @Test func everyScreenAndLotRoundTrips() throws {
        for screen in Screen.allCases {
            for lot in [nil, LotID("yeouido-3")] {
                let link = DeepLink(parkId: "yeouido", screen: screen, lotId: lot)
                #expect(try DeepLink(parsing: link.description) == link)
            }
        }
    }

    @Test func shortFormsMeanHome() throws {
        #expect(try DeepLink(parsing: "hangangjari://park/yeouido") == DeepLink(parkId: "yeouido", screen: .home))
        #expect(try DeepLink(parsing: "hangangjari://park/yeouido/") == DeepLink(parkId: "yeouido", screen: .home))
        #expect(try DeepLink(parsing: "HANGANGJARI://park/yeouido/parking").screen == .parking)
    }

    @Test(arguments: [
        ("https://park/yeouido/home", DeepLink.ParseError.wrongScheme("https")),
        ("hangangjari:park/yeouido", .wrongScheme("hangangjari:park/yeo")),
        ("hangangjari://lot/yeouido-1", .unknownHost("lot")),
        ("hangangjari://park", .missingPark),
        ("hangangjari://park//home", .missingPark),
        ("hangangjari://park/Yeouido/home", .invalidIdentifier("Yeouido")),
        ("hangangjari://park/yeouido/map", .unknownScreen("map")),
        ("hangangjari://park/yeouido/home/extra", .unexpectedPath("extra")),
        ("hangangjari://park/yeouido/parking?lot=../etc", .invalidIdentifier("../etc")),
        ("hangangjari://park/yeouido/parking?car=1", .unknownQuery("car=1")),
    ])
    func malformedLinksAreRejectedWithAReason(_ text: String, _ expected: DeepLink.ParseError) {
        #expect(throws: expected) { try DeepLink(parsing: text) }
    }
}
