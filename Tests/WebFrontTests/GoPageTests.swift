import Foundation
import Localization
import Models
import TestFixtures
import Testing

@testable import WebFront

/// `/go`'s arrival: the minutes the form sends, half an hour without them, and a refusal that keeps what was sent
/// short; the page lists the best lots with their directions, and none when nothing can be ranked.
@Suite struct GoPageTests {
    @Test func theArrivalIsWholeMinutesWithinTheForecastsReach() throws {
        #expect(try GoPage.minutes(nil).get() == 30)
        #expect(try GoPage.minutes("").get() == 30)
        #expect(try GoPage.minutes("0").get() == 0)
        #expect(try GoPage.minutes("180").get() == 180)
        for refused in ["-5", "181", "10000", "soon", "4.5", String(repeating: "9", count: 40)] {
            guard case .failure(let why) = GoPage.minutes(refused) else {
                Issue.record("\(refused) was taken")
                continue
            }
            #expect(why.text.count <= 16)
        }
    }

    @Test func thePageListsTheBestLotsOrSaysWhyNot() throws {
        let answer = try ContractCoding.decode(
            LotForecastsResponse.self, from: Fixtures.contract("lot-forecasts-response.json"))
        let scope = PhonePartsTests.scope(.en, now: answer.generatedAt.addingTimeInterval(60))
        let page = GoPage.values(answer, minutes: .success(40), scope)
        let go = try #require(page["go"] as? [String: Any])
        let candidates = try #require(go["candidates"] as? [[String: Any]])
        #expect(candidates.count == GoPage.listed)
        #expect((go["header"] as? String) == "Where to park, arriving 14:41 (in 40 min)")
        #expect(candidates.allSatisfy { ($0["maps"] as? [[String: Any]])?.count == 5 })
        let refused = GoPage.values(answer, minutes: .failure(.init(text: "-5")), scope)["go"] as? [String: Any]
        #expect((refused?["error"] as? String)?.contains("takes minutes from 0 to 180") == true)
        #expect((refused?["candidates"] as? [[String: Any]])?.isEmpty == true)
        let none = GoPage.values(nil, minutes: .success(40), scope)["go"] as? [String: Any]
        #expect(none?["none"] as? String == Localizer(.en)(.stateUnavailable))
    }
}
