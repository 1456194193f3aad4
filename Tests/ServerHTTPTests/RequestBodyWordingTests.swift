import CurlHTTP
import Foundation
import Models
import TestFixtures
import TestSupport
import Testing

/// A request body that does not parse is named as the request's, on every route that takes one: never "response".
@Suite struct RequestBodyWordingTests {
    static func detail(_ response: HTTPResponse) -> String {
        (try? ContractCoding.decode(Problem.self, from: response.body))?.detail ?? ""
    }

    @Test(arguments: [#"{"app":"#, "", "[]"])
    func everyWriteRouteNamesTheRequestBody(_ body: String) async throws {
        let server = try await TestBackend.start()
        defer { Task { await server.stop() } }
        let bootstrap = try await TestBackend.curl.send(
            HTTPRequest(
                method: .post, url: server.baseURL + "/v2/bootstrap",
                headers: [("Content-Type", "application/json")], body: Data(body.utf8),
                deadline: Date().addingTimeInterval(5)))
        let session = try await SignedSession.bootstrap(server.baseURL)
        let telemetry = try await session.send("/v2/telemetry", method: .post, body: Data(body.utf8))
        let subscription = try await session.send("/v2/push/subscriptions", method: .post, body: Data(body.utf8))
        for (route, response) in [
            ("bootstrap", bootstrap), ("telemetry", telemetry), ("subscriptions", subscription),
        ] {
            let detail = Self.detail(response)
            #expect(response.status == 422, "\(route): \(response.status) \(detail)")
            #expect(detail.hasPrefix("the request body"), "\(route): \(detail)")
            #expect(!detail.contains("response"), "\(route): \(detail)")
            if body == #"{"app":"# { #expect(detail.contains("is not valid JSON at"), "\(route): \(detail)") }
        }
    }
}
