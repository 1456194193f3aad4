import CurlHTTP
import Foundation

/// Reading `GET /metrics` in tests.
public enum PrometheusText {
    /// The exposition's samples, by series (name and labels as printed).
    public static func samples(_ text: String) -> [String: Double] {
        var samples: [String: Double] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else {
                continue
            }
            samples[String(line[..<space])] = value
        }
        return samples
    }
}

extension ServedBackend {
    /// `GET /metrics` with `token` as the bearer (the admin token by default).
    public func metrics(token: String? = TestBackend.adminToken) async throws -> HTTPResponse {
        try await transport.send(
            HTTPRequest(
                url: baseURL + "/metrics", headers: token.map { [("Authorization", "Bearer \($0)")] } ?? [],
                deadline: Date().addingTimeInterval(5)))
    }
}
