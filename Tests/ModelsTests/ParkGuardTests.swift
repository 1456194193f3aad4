import Foundation
import Models
import TestFixtures
import Testing

@Suite struct ParkGuardTests {
    @Test func payloadForTheRequestedParkPasses() throws {
        let summary = try ParkGuard.decode(
            HomeSummary.self, from: Fixtures.contract("home-summary.json"), requested: "yeouido")
        #expect(summary.park.id == "yeouido")
    }

    @Test func payloadForAnotherParkIsRefused() throws {
        let data = try Fixtures.contract("home-summary-wrong-park.json")
        #expect(throws: ContractError.wrongPark(expected: "yeouido", received: "banpo")) {
            try ParkGuard.decode(HomeSummary.self, from: data, requested: "yeouido")
        }
    }

    @Test func nestedLotFromAnotherParkIsRefused() throws {
        let data = try Fixtures.contract("home-summary-mixed-park.json")
        #expect(throws: ContractError.wrongPark(expected: "yeouido", received: "banpo")) {
            try ParkGuard.decode(HomeSummary.self, from: data, requested: "yeouido")
        }
    }

    @Test func partialResponsesAreGuardedToo() throws {
        let parking = try ContractCoding.decode(ParkingResponse.self, from: Fixtures.contract("parking-response.json"))
        #expect(throws: ContractError.self) { try ParkGuard.check(parking, requested: "banpo") }
        try ParkGuard.check(parking, requested: "yeouido")
    }
}
