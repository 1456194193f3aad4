import Foundation
import Models
import TestFixtures
import Testing

/// Decoding a fixture and encoding it again gives the same JSON: the Models use exactly the
/// field names of the fixtures, which the contract check validates against Docs/openapi.yaml.
@Suite struct RoundTripTests {
    @Test(arguments: [
        "home-summary.json", "parking-response.json", "forecast-response.json", "outing-response.json",
        "parks-response.json", "sources-response.json", "bootstrap-response.json", "policy.json", "health.json",
        "telemetry-batch.json", "push-subscription.json", "push-subscription-web-push.json",
        "problem-proof-invalid.json", "lot-forecasts-response.json",
    ])
    func fixtureRoundTrips(_ name: String) throws {
        let original = try Fixtures.contract(name)
        let reencoded: Data
        switch name {
        case "home-summary.json": reencoded = try roundTrip(HomeSummary.self, original)
        case "parking-response.json": reencoded = try roundTrip(ParkingResponse.self, original)
        case "forecast-response.json": reencoded = try roundTrip(ForecastResponse.self, original)
        case "outing-response.json": reencoded = try roundTrip(OutingResponse.self, original)
        case "parks-response.json": reencoded = try roundTrip(ParksResponse.self, original)
        case "sources-response.json": reencoded = try roundTrip(SourcesResponse.self, original)
        case "lot-forecasts-response.json": reencoded = try roundTrip(LotForecastsResponse.self, original)
        case "bootstrap-response.json": reencoded = try roundTrip(BootstrapResponse.self, original)
        case "policy.json": reencoded = try roundTrip(ClientPolicy.self, original)
        case "health.json": reencoded = try roundTrip(HealthResponse.self, original)
        case "telemetry-batch.json": reencoded = try roundTrip(TelemetryBatch.self, original)
        case "push-subscription.json", "push-subscription-web-push.json":
            reencoded = try roundTrip(PushSubscription.self, original)
        default: reencoded = try roundTrip(Problem.self, original)
        }
        let lhs = try JSONSerialization.jsonObject(with: original) as? NSDictionary
        let rhs = try JSONSerialization.jsonObject(with: reencoded) as? NSDictionary
        #expect(lhs == rhs)
    }

    private func roundTrip<T: Codable>(_ type: T.Type, _ data: Data) throws -> Data {
        try ContractCoding.encode(ContractCoding.decode(type, from: data))
    }
}
