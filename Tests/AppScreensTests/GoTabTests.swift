import AppCore
import Foundation
import Localization
import Models
import Repositories
import Storage
import TestFixtures
import Testing

@testable import ScreenRows

/// The full-screen app's go tab: the ranking of every lot for the arrival the tab holds, the same words as
/// `hangangjari go`, and an old answer said to be old.
@Suite struct GoTabTests {
    let answer: LotForecastsResponse

    init() throws {
        answer = try ContractCoding.decode(
            LotForecastsResponse.self, from: Fixtures.contract("lot-forecasts-response.json"))
    }

    func state(minutes: Int?, home: Coordinate? = nil, trust: LoadTrust = .current) -> AppState {
        var settings = Settings()
        settings.home = home
        var state = AppState(parkId: "yeouido", settings: settings, simulatedBackend: true)
        state.tab = .go
        state.arrivalMinutes = minutes
        state.lotForecasts = Loaded(value: answer, origin: .network, trust: trust, fetchedAt: answer.generatedAt)
        return state
    }

    func text(_ state: AppState, _ language: Language = .en, now: Date? = nil) -> String {
        let ctx = ScreenContext(
            language: language, now: now ?? answer.generatedAt.addingTimeInterval(60), machineOffsetSeconds: 9 * 3600,
            width: 80)
        return Frame.interactive(state, ctx, height: 24).map(\.text).joined(separator: "\n")
    }

    @Test func ranksEveryLotForTheArrivalItHolds() {
        let english = text(state(minutes: 40))
        #expect(english.contains("Where to go now"), "\(english)")
        #expect(english.contains("arriving 14:41 (in 40 min)"), "\(english)")
        #expect(english.contains("1. ") && english.contains("10. ") && !english.contains("11. "))
        #expect(english.contains("% chance"))
        #expect(english.contains("6 Go") && english.contains("+ - arrival"))
        let korean = text(state(minutes: 40), .ko)
        #expect(korean.contains("지금 갈 곳") && korean.contains("14:41 도착(40분 후)"), "\(korean)")
    }

    /// At 02:00 every lot is closed at 02:41: each is listed with when it opens, none with a chance.
    @Test func atNightEveryLotSaysWhenItOpens() {
        var night = state(minutes: 40)
        var answer = self.answer
        answer.generatedAt = self.answer.generatedAt.addingTimeInterval(-12 * 3600)
        night.lotForecasts = Loaded(value: answer, origin: .network, trust: .current, fetchedAt: answer.generatedAt)
        let english = text(night, now: answer.generatedAt.addingTimeInterval(60))
        #expect(english.contains("arriving 02:41 (in 40 min)"), "\(english)")
        #expect(english.contains("closed at 02:41, opens 06:00") && !english.contains("% chance"), "\(english)")
        let korean = text(night, .ko, now: answer.generatedAt.addingTimeInterval(60))
        #expect(korean.contains("02:41에는 닫혀 있음, 06:00에 열림"), "\(korean)")
    }

    @Test func withoutMinutesItDrivesFromHomeElseSaysThirtyMinutes() {
        #expect(text(state(minutes: nil)).contains("(in 30 min)"))
        let drive = text(state(minutes: nil, home: Coordinate(lat: 37.5665, lon: 126.9780)))
        #expect(!drive.contains("(in 30 min)") && drive.contains("min ·"), "\(drive)")
    }

    @Test func anOldAnswerIsSaidToBeStaleAndNothingMeansWhy() {
        let stale = text(state(minutes: 40, trust: .stale(reason: Reason(.reasonConnectionRefused))))
        #expect(stale.split(separator: "\n").first?.contains("stale") == true, "\(stale)")
        var empty = AppState(parkId: "yeouido", settings: Settings(), simulatedBackend: true)
        empty.tab = .go
        empty.lotForecastsFailure = Reason(.reasonConnectionRefused)
        #expect(text(empty).contains("the server is not running"))
    }
}
