import AppCore
import ArgumentParser
import BenchmarkSupport
import Crypto
import CurlHTTP
import Foundation
import Models
import RequestProof
import ServerSources
import Storage
import WebPush

struct MicroBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "micro", abstract: "Per-call costs: citydata parse, decode, sign, a push alert's encryption.")
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
        let receiver = P256.KeyAgreement.PrivateKey()
        let pushKeys = (
            p256dh: Base64URL.encode(receiver.publicKey.x963Representation),
            auth: Base64URL.encode(Data(repeating: 7, count: 16))
        )
        let subscriber = try SubscriberKeys(p256dh: pushKeys.p256dh, auth: pushKeys.auth)
        let alert = Data(repeating: 0x61, count: 600)
        // The recorded-shape Yeouido answer whole, and without the way-there sections: their cost side by side.
        let whole = try Data(contentsOf: URL(fileURLWithPath: "Tests/Fixtures/seoul/citydata-yeouido-poi105.json"))
        var object = try JSONSerialization.jsonObject(with: whole) as? [String: Any] ?? [:]
        var city = object["CITYDATA"] as? [String: Any] ?? [:]
        for section in ["SBIKE_STTS", "SUB_STTS", "BUS_STN_STTS", "CHARGER_STTS", "ACDNT_CNTRL_STTS"] {
            city[section] = nil
        }
        object["CITYDATA"] = city
        let without = try JSONSerialization.data(withJSONObject: object)
        let area = CitydataArea(code: "POI105", name: "여의도한강공원")
        let rows = [
            time("parse citydata, every section (\(whole.count) bytes)") {
                _ = CitydataParser.parse(whole, expected: area)
            },
            time("parse citydata without the way-there sections (\(without.count) bytes)") {
                _ = CitydataParser.parse(without, expected: area)
            },
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
            try time("read a subscription's keys (P-256 point, auth)") {
                _ = try SubscriberKeys(p256dh: pushKeys.p256dh, auth: pushKeys.auth)
            },
            try time("encrypt a 600-byte alert (RFC 8291 aes128gcm)") {
                _ = try PushEncryption().encrypt(alert, to: subscriber)
            },
        ]
        return rows
    }
}
