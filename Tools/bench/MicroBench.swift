import AppCore
import ArgumentParser
import BenchmarkSupport
import CurlHTTP
import Foundation
import Models
import RequestProof
import Storage

struct MicroBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "micro", abstract: "Per-call costs on the client path: decode, sign.")
    @Option var iterations = 2000

    func run() async throws { print(BenchmarkRow.render(try await rows())) }

    func rows() async throws -> [BenchmarkRow] {
        let data = try await { () async throws -> Data in
            let (server, baseURL) = try startServer()
            defer { server.terminate() }
            let transport = CurlTransport(configuration: TransportConfiguration(userAgent: "hangangjari-bench"))
            return try await transport.send(
                HTTPRequest(url: baseURL + "/v2/parks/yeouido/home-summary", deadline: Date().addingTimeInterval(5))
            ).body
        }()
        func time(_ name: String, _ body: () throws -> Void) rethrows -> BenchmarkRow {
            try BenchmarkRow.perCall(name, iterations: iterations, body)
        }
        let signer = HMACSigner(secret: Data(repeating: 1, count: 32))
        let rows = [
            try time("decode HomeSummary (\(data.count) bytes)") {
                _ = try ContractCoding.decode(HomeSummary.self, from: data)
            },
            try time("JSONSerialization of the same bytes") { _ = try JSONSerialization.jsonObject(with: data) },
            try time("sign a GET (RFC 9421 hmac-sha256)") {
                _ = try RequestProof.sign(
                    method: "GET", targetURI: "http://127.0.0.1:1/v2/parks/yeouido/home-summary", body: nil, keyId: "k",
                    signer: signer, created: 1, nonce: "n")
            },
            time("random nonce") { _ = randomHex(bytes: 16) },
        ]
        return rows
    }
}
