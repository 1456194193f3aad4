import Foundation
import Models
import TestFixtures
import Testing

@Suite struct ContractDecodingTests {
    @Test func todaysHomeSummaryDecodes() throws {
        let summary = try Fixtures.homeSummary()
        #expect(summary.park.id == "yeouido")
        #expect(summary.parking.lots.count == 5)
        #expect(summary.parking.totalAvailable == 262)
        #expect(summary.parking.recommended?.lotId == "yeouido-3")
        #expect(summary.parking.recommended?.reason == .known(.mostAvailable))
        // A lot without a live count is unknown, never zero.
        let lot2 = try #require(summary.parking.lots.first { $0.lot.id == "yeouido-2" })
        #expect(lot2.status.available == nil)
        #expect(lot2.status.label == .known(.unknown))
        #expect(summary.forecast.lots.first { $0.lotId == "yeouido-2" }?.gap == .known(.noLiveCount))
        #expect(summary.freshness[.weather]?.state == .known(.stale))
        #expect(summary.freshness.overall == .stale)
        #expect(summary.freshness.isSimulated)
        #expect(ISO8601.format(summary.generatedAt) == "2026-11-22T14:05:00+09:00")
    }

    @Test func newerServerPayloadStillDecodes() throws {
        let summary = try ContractCoding.decode(
            HomeSummary.self, from: Fixtures.contract("home-summary-newer-server.json"))
        // Unknown enum values keep their raw strings.
        #expect(summary.parking.lots[0].status.label == .unknown("reserved_only"))
        #expect(summary.parking.recommended?.reason == .unknown("shortest_walk"))
        #expect(summary.forecast.park.points[0].confidence == .unknown("very_high"))
        #expect(summary.forecast.park.points[0].reasons.last == .unknown("marathon_detour"))
        #expect(summary.forecast.crowd.basis == .unknown("ml_model"))
        #expect(summary.outing.signals.crowd?.level == .unknown("extremely_crowded"))
        #expect(summary.outing.facilities.last?.kind == .unknown("ev_charger"))
        #expect(summary.freshness["river_level"]?.state == .unknown("degraded"))
        // An unknown freshness state is never shown as fresh.
        #expect(summary.freshness.overall == .unavailable)
        // Missing optional blocks become nil.
        #expect(summary.outing.signals.weather == nil)
        #expect(summary.outing.signals.crowd?.trend == nil)
        #expect(summary.parking.recommended?.available == nil)
    }

    @Test func everyValidFixtureDecodesAsItsType() throws {
        let decoders: [String: (Data) throws -> Any] = [
            "HomeSummary": { try ContractCoding.decode(HomeSummary.self, from: $0) },
            "BootstrapRequest": { try ContractCoding.decode(BootstrapRequest.self, from: $0) },
            "BootstrapResponse": { try ContractCoding.decode(BootstrapResponse.self, from: $0) },
            "ClientPolicy": { try ContractCoding.decode(ClientPolicy.self, from: $0) },
            "ParksResponse": { try ContractCoding.decode(ParksResponse.self, from: $0) },
            "ParkingResponse": { try ContractCoding.decode(ParkingResponse.self, from: $0) },
            "ForecastResponse": { try ContractCoding.decode(ForecastResponse.self, from: $0) },
            "OutingResponse": { try ContractCoding.decode(OutingResponse.self, from: $0) },
            "SourcesResponse": { try ContractCoding.decode(SourcesResponse.self, from: $0) },
            "LotForecastsResponse": { try ContractCoding.decode(LotForecastsResponse.self, from: $0) },
            "HealthResponse": { try ContractCoding.decode(HealthResponse.self, from: $0) },
            "Problem": { try ContractCoding.decode(Problem.self, from: $0) },
            "TelemetryBatch": { try ContractCoding.decode(TelemetryBatch.self, from: $0) },
            "PushSubscription": { try ContractCoding.decode(PushSubscription.self, from: $0) },
            "WriteAccepted": { try ContractCoding.decode(WriteAccepted.self, from: $0) },
        ]
        let fixtures = try Fixtures.validContractFixtures()
        #expect(fixtures.count >= 17)
        for (name, schema) in fixtures {
            let decode = try #require(decoders[schema], "no decoder for schema \(schema)")
            _ = try decode(Fixtures.contract(name))
        }
    }

    @Test func truncatedBodyIsMalformedJSON() throws {
        let error = decodeError(HomeSummary.self, try Fixtures.contract("home-summary-truncated.json"))
        guard case .malformedJSON = error else {
            Issue.record("expected malformedJSON, got \(String(describing: error))")
            return
        }
    }

    @Test func garbageIsMalformedJSON() throws {
        let error = decodeError(HomeSummary.self, try Fixtures.contract("garbage.bin"))
        guard case .malformedJSON = error else {
            Issue.record("expected malformedJSON, got \(String(describing: error))")
            return
        }
    }

    @Test func numberWhereStringBelongsNamesTheField() throws {
        let body = Data(#"{"keyId": 42, "secret": "x"}"#.utf8)
        #expect(decodeError(SigningKey.self, body) == .wrongType(field: "keyId", expected: "string"))
    }

    @Test func stringWhereNumberBelongsNamesTheNestedField() throws {
        let error = decodeError(HomeSummary.self, try Fixtures.contract("home-summary-wrong-type.json"))
        #expect(error == .wrongType(field: "parking.lots[0].status.available", expected: "number"))
    }

    @Test func dateWithoutOffsetIsRefusedAndNamed() throws {
        let error = decodeError(HomeSummary.self, try Fixtures.contract("home-summary-date-without-offset.json"))
        guard case .invalidValue(let field, _) = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(field == "generatedAt")
    }

    @Test func missingRequiredFieldIsNamed() {
        let body = Data(#"{"lotId": "yeouido-1", "capacity": 10}"#.utf8)
        #expect(decodeError(LotStatus.self, body) == .missingField(field: "label"))
    }

    @Test func oversizedBodyIsRefusedBeforeParsing() {
        let body = Data(repeating: UInt8(ascii: " "), count: 10 * 1024 * 1024)
        #expect(
            decodeError(HomeSummary.self, body)
                == .tooLarge(bytes: 10 * 1024 * 1024, limit: ContractCoding.defaultSizeLimit))
    }

    @Test func emptyBodyIsRefused() {
        #expect(decodeError(HomeSummary.self, Data()) == .empty)
    }

    @Test func errorsReadAsSentences() {
        #expect(ContractError.missingField(field: "park.id").description == "missing field 'park.id'")
        #expect(
            ContractError.wrongPark(expected: "yeouido", received: "banpo").description
                == "payload is for park 'banpo', not the requested 'yeouido'")
    }

    private func decodeError<T: Decodable>(_ type: T.Type, _ data: Data) -> ContractError? {
        do {
            _ = try ContractCoding.decode(type, from: data)
            return nil
        } catch {
            return error
        }
    }
}
