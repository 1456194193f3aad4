import AppCore
import Foundation
import Localization
import Models
import Repositories
import Storage
import TestFixtures
import Testing

@testable import AppScreens
@testable import ScreenRows

/// Every screen, state and message rendered in Korean: a user-facing English string that skips the catalog shows
/// up here as a Latin word that is not on the short list of units, codes and names that stay as they are.
@Suite struct KoreanScreensTests {
    func states() throws -> [AppState] {
        let summary = try Fixtures.homeSummary()
        let parks = try ContractCoding.decode(ParksResponse.self, from: Fixtures.contract("parks-response.json"))
        var settings = Settings()
        settings.favorites = ["yeouido"]
        settings.home = Coordinate(lat: 37.52, lon: 126.93)
        var states: [AppState] = []
        let trusts: [LoadTrust] = [
            .current, .stale(reason: Reason(.reasonConnectionRefused)),
            .stale(reason: Reason(.reasonNotRefreshedSince, "2026-11-22T14:05:00+09:00")),
        ]
        let messages: [AppMessage?] = [
            nil, .favoriteAdded("yeouido"), .favoriteRemoved("yeouido"), .widgetSet("yeouido"),
            .showingStale(reason: Reason(.reasonTimeout)),
            .unavailable(reason: Reason(ContractError.wrongPark(expected: "yeouido", received: "banpo"))),
            .saveFailed(reason: Reason(.reasonLockTimeout, "/tmp/x")),
            .refreshedAll(parks: 11, milliseconds: 30), .directions(url: "https://map.kakao.com/", opened: false),
            .openedLink("hangangjari://park/yeouido/home"),
        ]
        for tab in AppTab.allCases {
            for (index, trust) in trusts.enumerated() {
                var state = AppState(parkId: "yeouido", settings: settings, simulatedBackend: index == 0)
                state.tab = tab
                state.parks["yeouido"] = ParkState(
                    summary: Loaded(value: summary, origin: .network, trust: trust, fetchedAt: summary.generatedAt))
                state.parksList = Loaded(value: parks, origin: .network, trust: trust, fetchedAt: summary.generatedAt)
                for message in messages {
                    state.message = message
                    states.append(state)
                }
                state.showHelp = true
                states.append(state)
            }
            var empty = AppState(parkId: "banpo", settings: settings, simulatedBackend: false)
            empty.tab = tab
            empty.parks["banpo"] = ParkState(summary: nil)
            empty.parks["banpo"]?.unavailableReason = Reason(.reasonDns, "api.example")
            states.append(empty)
        }
        return states
    }

    @Test func everyKoreanScreenIsFreeOfStrayEnglish() throws {
        let summary = try Fixtures.homeSummary()
        let ctx = ScreenContext(
            language: .ko, now: summary.generatedAt.addingTimeInterval(600), machineOffsetSeconds: 0, width: 80)
        var found: [String: String] = [:]
        for state in try states() {
            let lines = Frame.interactive(state, ctx, height: 40) + Frame.printed(state, ctx)
            for line in lines.map(\.text) {
                for word in StrayEnglish.words(in: line) {
                    found[word] = line
                }
            }
        }
        #expect(
            found.isEmpty,
            "English outside the catalog: \(found.map { "\($0.key) in “\($0.value)”" }.sorted().joined(separator: "\n"))"
        )
    }
}
