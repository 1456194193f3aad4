import CurlHTTP
import Foundation
import Models
import TestFixtures

/// The local stand-in for a Web Push service (`Tools/push/push-service-stand-in.py`) on loopback: it makes
/// subscriptions as a browser does, checks every push's VAPID header with `cryptography` and decrypts its body with
/// `http_ece`, keeps what it received and answers as scripted.
public final class PushServiceStandIn: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    /// e.g. `http://127.0.0.1:40001`.
    public let baseURL: String

    /// One push as the stand-in received it.
    public struct Received: Decodable, Sendable {
        public var id: String
        public var status: Int?
        public var plaintext: String?
        public var headers: [String: String]
        public var error: String?
        public var at: Double
        /// When its answer was written (seconds since 1970); nil while it is still being answered.
        public var answeredAt: Double?

        enum CodingKeys: String, CodingKey { case id, status, plaintext, headers, error, at, answeredAt }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            status = try? container.decode(Int.self, forKey: .status)
            plaintext = try container.decodeIfPresent(String.self, forKey: .plaintext)
            headers = try container.decode([String: String].self, forKey: .headers)
            error = try container.decodeIfPresent(String.self, forKey: .error)
            at = try container.decode(Double.self, forKey: .at)
            answeredAt = try container.decodeIfPresent(Double.self, forKey: .answeredAt)
        }

        /// The decrypted payload as JSON.
        public var payload: [String: Any]? {
            plaintext.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        }
    }

    public init() throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", Fixtures.repositoryRoot.appendingPathComponent("Tools/push/push-service-stand-in.py").path,
        ]
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let line = FirstLine.read(output)
        guard line.hasPrefix("listening on ") else {
            process.terminate()
            throw CocoaError(
                .featureUnsupported,
                userInfo: [NSLocalizedDescriptionKey: "the push stand-in did not start (Tools/setup installs http_ece)"]
            )
        }
        baseURL = String(line.dropFirst("listening on ".count))
    }

    /// A new subscription, as `pushManager.subscribe` would give it.
    public func subscribe(_ id: String) async throws -> WebPushTarget {
        let response = try await call(.get, "/new/\(id)")
        return try JSONDecoder().decode(WebPushTarget.self, from: response.body)
    }

    /// Scripts the answers to pushes for `id`, in order (the last one repeats): status codes (or "hang"), with an
    /// optional Retry-After, each after `delay` seconds.
    public func script(_ id: String, _ answers: [(status: String, retryAfter: String?)], delay: Double = 0)
        async throws
    {
        let body = try JSONSerialization.data(
            withJSONObject: answers.map { answer -> [String: Any] in
                var object: [String: Any] = ["status": Int(answer.status) as Any? ?? answer.status, "delay": delay]
                if let retryAfter = answer.retryAfter { object["retryAfter"] = retryAfter }
                return object
            })
        _ = try await call(.post, "/script/\(id)", body: body)
    }

    /// Every push received so far.
    public func received() async throws -> [Received] {
        try JSONDecoder().decode([Received].self, from: try await call(.get, "/received").body)
    }

    /// How many pushes were received so far (without their bodies: cheap to poll during a large fan-out).
    public func receivedCount() async throws -> Int {
        struct Count: Decodable { var count: Int }
        return try JSONDecoder().decode(Count.self, from: try await call(.get, "/received/count").body).count
    }

    /// Waits until `count` pushes were received (at most `seconds`), returning them.
    public func waitFor(_ count: Int, within seconds: Double = 20) async throws -> [Received] {
        let deadline = Date().addingTimeInterval(seconds)
        var all = try await received()
        while all.count < count, Date() < deadline {
            try await Task.sleep(for: .milliseconds(50))
            all = try await received()
        }
        return all
    }

    private func call(_ method: HTTPMethod, _ path: String, body: Data? = nil) async throws -> HTTPResponse {
        try await TestBackend.curl.send(
            HTTPRequest(method: method, url: baseURL + path, body: body, deadline: Date().addingTimeInterval(5)))
    }

    public func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}
