import CurlHTTP
import Foundation
import Models
import RequestProof

/// wrk scripts for what trust costs: signed reads (every request a fresh RFC 9421 proof, so the server remembers
/// a new nonce each time) and a bootstrap flood from one address (the rate buckets answer).
struct TrustLoad {
    let baseURL: String
    let grant: BootstrapResponse
    let directory: URL
    /// A script that asks for a bootstrap again and again, as one install from one address.
    let floodScript: String

    static let bootstrapBody = try! ContractCoding.encode(
        BootstrapRequest(installId: "b3c4e5f60718293a4b5c6d7e8f901a2b", app: "bench", appVersion: "0"))

    /// Bootstraps one install at `baseURL` (directly or through the proxy).
    init(baseURL: String, transport: CurlTransport) async throws {
        let response = try await transport.send(
            HTTPRequest(
                method: "POST", url: baseURL + "/v2/bootstrap", headers: [("Content-Type", "application/json")],
                body: Self.bootstrapBody, deadline: Date().addingTimeInterval(5)))
        guard response.status == 201 || response.status == 200 else {
            throw BenchError("bootstrap at \(baseURL) answered \(response.status)")
        }
        self.baseURL = baseURL
        grant = try ContractCoding.decode(BootstrapResponse.self, from: response.body)
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("hj-trust-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let body = String(decoding: Self.bootstrapBody, as: UTF8.self)
        floodScript = try Self.write(
            """
            wrk.method = "POST"
            wrk.path = "/v2/bootstrap"
            wrk.body = "\(Self.luaEscaped(body))"
            wrk.headers["Content-Type"] = "application/json"
            """, to: directory.appendingPathComponent("bootstrap.lua"))
    }

    /// A script whose every request carries a proof with a nonce of its own: `count` proofs made now (nonces
    /// `first ..< first + count`), shared out between wrk's threads. Past `count` the proofs repeat and are
    /// refused as replays, which the run reports as non-2xx.
    func signedReads(path: String, first: Int, count: Int) throws -> String {
        let signer = try HMACSigner(base64Secret: grant.signingKey.secret)
        let created = Int(Date().timeIntervalSince1970)
        func proof(_ nonce: String) throws -> RequestProof.Headers {
            try RequestProof.sign(
                method: "GET", targetURI: baseURL + path, body: nil, keyId: grant.signingKey.keyId, signer: signer,
                created: created, nonce: nonce)
        }
        // Only the nonce and the signature change: the script rebuilds Signature-Input around the nonce.
        let marker = "NONCE_MARKER"
        let template = try proof(marker).signatureInput.components(separatedBy: marker)
        guard template.count == 2 else { throw BenchError("the nonce is not in Signature-Input once") }
        var signatures: [String] = []
        signatures.reserveCapacity(count)
        for index in first..<(first + count) {
            signatures.append(try proof(Self.nonce(index)).signature)
        }
        let script = """
            local signatures = {\(signatures.map { "\"\($0)\"" }.joined(separator: ",\n"))}
            local threads = 0
            function setup(thread)
              thread:set("lane", threads)
              threads = threads + 1
            end
            function init(args)
              index = lane
            end
            function request()
              local i = index % #signatures
              index = index + 2
              return wrk.format("GET", "\(path)", {
                ["Authorization"] = "Bearer \(grant.accessToken)",
                ["Signature-Input"] = "\(Self.luaEscaped(template[0]))" .. string.format("%016x", \(first) + i) .. "\(Self.luaEscaped(template[1]))",
                ["Signature"] = signatures[i + 1]
              })
            end
            """
        return try Self.write(script, to: directory.appendingPathComponent("signed-\(first).lua"))
    }

    static func nonce(_ index: Int) -> String { String(format: "%016x", index) }

    static func luaEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }

    private static func write(_ script: String, to url: URL) throws -> String {
        try Data(script.utf8).write(to: url)
        return url.path
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }
}
