import CurlHTTP
import Foundation
import Models
import RequestProof

/// One exchange with the server: retries of idempotent reads with full jitter, the policy header, the body.
extension APIClient {
    func sendWithRetries(
        method: HTTPMethod, path: String, headers: [(name: String, value: String)], deadline: Date
    )
        async throws(APIError) -> HTTPResponse
    {
        var attempt = 0
        while true {
            attempt += 1
            let result: Result<HTTPResponse, APIError>
            do {
                result = .success(
                    try await send(method: method, path: path, headers: headers, body: nil, deadline: deadline))
            } catch {
                result = .failure(error)
            }
            let retryable: Bool
            switch result {
            case .success(let response): retryable = (500...599).contains(response.status)
            case .failure(.transport(let error)): retryable = error.isRetryable
            case .failure: retryable = false
            }
            // Full jitter: a random delay up to base * 2^(attempt-1).
            let ceiling = configuration.retryBaseDelay.seconds * pow(2, Double(attempt - 1))
            let delay = Double.random(in: 0...ceiling)
            guard retryable, attempt < configuration.maxReadAttempts, Date().addingTimeInterval(delay + 0.05) < deadline
            else {
                return try result.get()
            }
            try? await Task.sleep(for: .seconds(delay))
        }
    }

    func send(
        method: HTTPMethod, path: String, headers: [(name: String, value: String)], body: Data?, deadline: Date
    ) async throws(APIError) -> HTTPResponse {
        let response: HTTPResponse
        do {
            response = try await transport.send(
                HTTPRequest(
                    method: method, url: configuration.baseURL + path, headers: headers, body: body, deadline: deadline)
            )
        } catch {
            throw .transport(error)
        }
        if let allowed = PolicyHeader.unsignedReadsAllowed(in: response.header(PolicyHeader.name)) {
            unsignedReadsAllowed = allowed
            diagnostics.unsignedReadsAllowed = allowed
        }
        return response
    }

    func decode<T: Decodable>(_ type: T.Type, _ body: Data) throws(APIError) -> T {
        do { return try ContractCoding.decode(type, from: body) } catch { throw .contract(error) }
    }
}
