import CurlHTTP
import Foundation
import Models
import RequestProof

/// Writes: always signed, never retried blindly.
extension APIClient {
    func write<Body: Encodable & Sendable>(
        _ endpoint: Endpoint<Body, WriteAccepted>, _ value: Body, idempotencyKey: String
    ) async throws(APIError) -> WriteAccepted {
        let (path, method) = (endpoint.path(), endpoint.method)
        let deadline = Date().addingTimeInterval(configuration.requestTimeout.seconds)  // the transport's real time
        let body: Data
        do { body = try ContractCoding.encode(value) } catch {
            throw .contract(.invalidValue(field: "(body)", detail: "\(error)"))
        }
        let headers: [(name: String, value: String)] = [
            ("Accept", "application/json"), ("Content-Type", "application/json"), ("Idempotency-Key", idempotencyKey),
        ]
        var current: Credentials
        do {
            current = try await validCredentials(deadline: deadline)
        } catch {
            throw .unsignedNotAllowed(reason: "writes are always signed and no request proof could be made: \(error)")
        }
        var response = try await send(
            method: method, path: path,
            headers: headers + authorization(current, method: method, path: path, body: body), body: body,
            deadline: deadline)
        if fallback.isCredentialRefusal(response) {
            do { current = try await renewCredentials(after: current, deadline: deadline) } catch {
                throw .unsignedNotAllowed(reason: "writes are always signed and the proof was refused: \(error)")
            }
            response = try await send(
                method: method, path: path,
                headers: headers + authorization(current, method: method, path: path, body: body), body: body,
                deadline: deadline)
        }
        guard (200..<300).contains(response.status) else { throw UnsignedFallback.httpError(response) }
        diagnostics.lastRequestSigned = true
        return try decode(WriteAccepted.self, response.body)
    }
}
