import CurlHTTP
import Foundation
import Models
import RequestProof

/// The access token and signing key: loaded from the store, renewed once for all callers, adopted.
extension APIClient {
    func validCredentials(deadline: Date) async throws -> Credentials {
        if credentials == nil, let stored = store.load(), stored.baseURL == configuration.baseURL {
            adopt(stored)
        }
        if let credentials, !credentials.needsRenewal(at: now()) { return credentials }
        return try await renewCredentials(after: credentials, deadline: deadline)
    }

    /// Renews once for all concurrent callers in this process, and under a file lock across processes.
    func renewCredentials(after stale: Credentials?, deadline: Date) async throws -> Credentials {
        if let renewal { return try await renewal.value }
        let task = Task { [store, configuration, transport, now] () async throws -> Credentials in
            try await store.withBootstrapLock(deadline) {
                // Another process may have renewed while we waited for the lock.
                if let stored = store.load(), stored.baseURL == configuration.baseURL, stored != stale,
                    !stored.needsRenewal(at: now())
                {
                    return stored
                }
                let fresh = try await Self.bootstrap(
                    configuration: configuration, transport: transport, installId: store.installId(), now: now,
                    deadline: deadline)
                try? store.save(fresh)
                return fresh
            }
        }
        renewal = task
        defer { renewal = nil }
        let fresh = try await task.value
        diagnostics.bootstraps += 1
        adopt(fresh)
        return fresh
    }

    func adopt(_ fresh: Credentials) {
        credentials = fresh
        unsignedReadsAllowed = fresh.policy.unsignedReads == .known(.allow)
        diagnostics.clockOffsetSeconds = fresh.clockOffset
        diagnostics.tokenExpiresAt = fresh.tokenExpiresAt
        diagnostics.unsignedReadsAllowed = unsignedReadsAllowed
    }

    static func bootstrap(
        configuration: APIConfiguration, transport: HTTPTransport, installId: String, now: @Sendable () -> Date,
        deadline: Date
    ) async throws -> Credentials {
        let body = try ContractCoding.encode(
            BootstrapRequest(installId: installId, app: configuration.app, appVersion: configuration.appVersion))
        let sentAt = now()
        let response = try await transport.send(
            HTTPRequest(
                method: API.bootstrap.method, url: configuration.baseURL + API.bootstrap.path(),
                headers: [("Content-Type", "application/json"), ("Accept", "application/json")], body: body,
                deadline: deadline))
        guard response.status == 200 else { throw UnsignedFallback.httpError(response) }
        let answer = try ContractCoding.decode(BootstrapResponse.self, from: response.body)
        let receivedAt = now()
        let localMidpoint = sentAt.addingTimeInterval(receivedAt.timeIntervalSince(sentAt) / 2)
        return Credentials(
            baseURL: configuration.baseURL, accessToken: answer.accessToken,
            tokenExpiresAt: answer.tokenExpiresAt
                .addingTimeInterval(-answer.serverTime.timeIntervalSince(localMidpoint)),
            signingKey: answer.signingKey, policy: answer.policy,
            clockOffset: answer.serverTime.timeIntervalSince(localMidpoint))
    }
}
