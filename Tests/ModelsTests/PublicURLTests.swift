import Models
import Testing

/// The public address of a deployment's pages, and one link vocabulary for the app and the pages.
@Suite struct PublicURLTests {
    @Test func aDeepLinkAndItsPageNameTheSameParkAndScreen() throws {
        let url = try PublicURL("https://hangang.example.org/seoul/")
        #expect(url.description == "https://hangang.example.org/seoul")
        let parking = DeepLink(parkId: "banpo", screen: .parking)
        #expect(parking.description == "hangangjari://park/banpo/parking")
        #expect(url.page(parking) == "https://hangang.example.org/seoul/p/banpo/parking")
        #expect(url.page(DeepLink(parkId: "banpo")) == "https://hangang.example.org/seoul/p/banpo")
        let lot = DeepLink(parkId: "banpo", screen: .forecast, lotId: "banpo-1")
        #expect(lot.webPath == "/p/banpo/forecast?lot=banpo-1")
        #expect(try DeepLink(parsing: lot.description) == lot)
    }

    @Test func anAddressThatCannotServeIsRefusedWithTheReason() {
        for (text, reason) in [
            ("hangang.example.org", "must start with https:// or http://"),
            ("https://", "names no host"), ("https://a.example.org/?x=1", "may hold no query"),
            ("https://user@a.example.org", "credentials"), ("https://a.example.org/\"><script>", "quotes"),
        ] {
            #expect(throws: PublicURL.Invalid.self, "\(text)") { try PublicURL(text) }
            do { _ = try PublicURL(text) } catch { #expect(error.description.contains(reason), "\(text): \(error)") }
        }
    }
}
