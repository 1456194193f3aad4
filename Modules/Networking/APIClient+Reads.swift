import CurlHTTP
import Foundation
import Models
import RequestProof

/// Reads: signed when a proof can be made, unsigned only as the fallback policy allows.
extension APIClient {
    func getScoped<T: Decodable & Sendable & ParkScoped>(
        _ endpoint: Endpoint<NoBody, T>, park: ParkID, cached: CachedBody?
    ) async throws(APIError) -> Fetched<T> {
        let fetched = try await get(endpoint, park: park, cached: cached)
        do {
            try ParkGuard.check(fetched.value, requested: park)
        } catch {
            throw .contract(error)
        }
        return fetched
    }

    func get<T: Decodable & Sendable>(
        _ endpoint: Endpoint<NoBody, T>, park: ParkID? = nil, cached: CachedBody? = nil
    ) async throws(APIError) -> Fetched<T> {
        let path = endpoint.path(park: park)
        let deadline = Date().addingTimeInterval(configuration.requestTimeout.seconds)  // the transport's real time
        var (response, signed) = try await read(endpoint.route, path, etag: cached?.etag, deadline: deadline)
        if response.status == 304 {
            if let body = cached?.body {
                return Fetched(
                    value: try decode(T.self, body), body: body, etag: cached?.etag, notModified: true, signed: signed)
            }
            (response, signed) = try await read(endpoint.route, path, etag: nil, deadline: deadline)
        }
        guard (200..<300).contains(response.status) else { throw UnsignedFallback.httpError(response) }
        return Fetched(
            value: try decode(T.self, response.body), body: response.body, etag: response.header("etag"),
            notModified: false, signed: signed)
    }

    /// Sends a read of `route` at `path`: signed when possible, unsigned only as the policy allows.
    func read(_ route: Route, _ path: String, etag: String?, deadline: Date) async throws(APIError) -> (
        HTTPResponse, Bool
    ) {
        let method = route.method
        var headers: [(name: String, value: String)] = [("Accept", "application/json")]
        if let etag { headers.append(("If-None-Match", etag)) }
        guard route.protected else {
            return (try await sendWithRetries(method: method, path: path, headers: headers, deadline: deadline), false)
        }
        let refusal: String
        do {
            var current = try await validCredentials(deadline: deadline)
            var response = try await sendWithRetries(
                method: method, path: path,
                headers: headers + authorization(current, method: method, path: path, body: nil), deadline: deadline)
            if fallback.isCredentialRefusal(response) {
                current = try await renewCredentials(after: current, deadline: deadline)
                response = try await sendWithRetries(
                    method: method, path: path,
                    headers: headers + authorization(current, method: method, path: path, body: nil), deadline: deadline
                )
            }
            guard fallback.isCredentialRefusal(response) else {
                diagnostics.lastRequestSigned = true
                return (response, true)
            }
            refusal = "proof refused (\(UnsignedFallback.problem(in: response)?.code.rawValue ?? "\(response.status)"))"
        } catch {
            refusal = try fallback.reason(after: error)
        }
        try await requireUnsignedReadsAllowed(reason: refusal, deadline: deadline)
        let response = try await sendWithRetries(method: method, path: path, headers: headers, deadline: deadline)
        if UnsignedFallback.problem(in: response)?.code == .known(.policyDenied) {
            unsignedReadsAllowed = false
            throw .unsignedNotAllowed(reason: "\(refusal); the server now denies unsigned reads")
        }
        diagnostics.lastRequestSigned = false
        diagnostics.unsignedFallbacks += 1
        diagnostics.lastFallbackReason = refusal
        return (response, false)
    }

    func requireUnsignedReadsAllowed(reason: String, deadline: Date) async throws(APIError) {
        guard !fallback.strict else { throw .unsignedNotAllowed(reason: "\(reason); strict signing is on") }
        if unsignedReadsAllowed == nil { _ = try? await policy() }
        guard unsignedReadsAllowed == true else {
            throw .unsignedNotAllowed(reason: "\(reason); the server's policy denies unsigned reads")
        }
    }
}
