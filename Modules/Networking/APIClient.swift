import CurlHTTP
import Foundation
import Models
import RequestProof

/// The /v2 API client shared by the app and the widget.
///
/// Protected calls carry the access token and an RFC 9421 request proof. The token and key come from bootstrap,
/// are shared through the ``CredentialStore``, renewed before expiry and after a 401, and bootstrap is serialised
/// across processes. When a proof cannot be made or is refused, a read is retried unsigned only while the server's
/// runtime policy allows unsigned reads (and the local strict setting does not forbid it); writes never go unsigned.
public actor APIClient {
    public let configuration: APIConfiguration
    private let transport: HTTPTransport
    private let store: CredentialStore
    /// The wall clock for token expiry and proof times; deadlines use the real time the transport keeps.
    private let now: @Sendable () -> Date
    private var credentials: Credentials?
    /// The latest policy seen (from bootstrap, the policy endpoint or any response header).
    private var unsignedReadsAllowed: Bool?
    private var renewal: Task<Credentials, any Error>?
    public private(set) var diagnostics = ClientDiagnostics()

    public init(
        configuration: APIConfiguration, transport: HTTPTransport, store: CredentialStore,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.configuration = configuration
        self.transport = transport
        self.store = store
        self.now = now
    }

    // MARK: Endpoints

    /// `GET /v2/health` (unprotected).
    public func health() async throws(APIError) -> HealthResponse {
        try await get(API.health).value
    }

    /// The policy the server gave at the last bootstrap (this process's, else the stored one), without a request.
    public func knownPolicy() -> ClientPolicy? {
        if let credentials { return credentials.policy }
        guard let stored = store.load(), stored.baseURL == configuration.baseURL else { return nil }
        return stored.policy
    }

    /// `GET /v2/config/policy` (unprotected); also updates the client's view of the policy.
    public func policy() async throws(APIError) -> ClientPolicy {
        let policy = try await get(API.policy).value
        unsignedReadsAllowed = policy.unsignedReads == .known(.allow)
        return policy
    }

    /// `GET /v2/parks`.
    public func parks(cached: CachedBody? = nil) async throws(APIError) -> Fetched<ParksResponse> {
        try await get(API.parks, cached: cached)
    }

    /// `GET /v2/parks/{park}/home-summary`, refused unless every park id in it is `park`.
    public func homeSummary(_ park: ParkID, cached: CachedBody? = nil) async throws(APIError) -> Fetched<HomeSummary> {
        try await getScoped(API.homeSummary, park: park, cached: cached)
    }

    /// `GET /v2/parks/{park}/parking`.
    public func parking(_ park: ParkID, cached: CachedBody? = nil) async throws(APIError) -> Fetched<ParkingResponse> {
        try await getScoped(API.parking, park: park, cached: cached)
    }

    /// `GET /v2/parks/{park}/forecast`.
    public func forecast(_ park: ParkID, cached: CachedBody? = nil) async throws(APIError) -> Fetched<ForecastResponse>
    {
        try await getScoped(API.forecast, park: park, cached: cached)
    }

    /// `GET /v2/parks/{park}/outing`.
    public func outing(_ park: ParkID, cached: CachedBody? = nil) async throws(APIError) -> Fetched<OutingResponse> {
        try await getScoped(API.outing, park: park, cached: cached)
    }

    /// `GET /v2/sources`.
    public func sources() async throws(APIError) -> SourcesResponse {
        try await get(API.sources).value
    }

    /// `POST /v2/telemetry`: always signed, never retried blindly (the idempotency key makes a repeat safe).
    public func sendTelemetry(_ batch: TelemetryBatch, idempotencyKey: String = randomHex(bytes: 16))
        async throws(APIError) -> WriteAccepted
    {
        try await write(API.telemetry, batch, idempotencyKey: idempotencyKey)
    }

    /// `POST /v2/push/subscriptions`: always signed.
    public func subscribe(_ subscription: PushSubscription, idempotencyKey: String = randomHex(bytes: 16))
        async throws(APIError) -> WriteAccepted
    {
        try await write(API.subscribe, subscription, idempotencyKey: idempotencyKey)
    }

    /// The anonymous install id, for telemetry and subscriptions.
    public nonisolated var installHash: String { store.installId() }

    // MARK: Reads

    private func getScoped<T: Decodable & Sendable & ParkScoped>(
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

    private func get<T: Decodable & Sendable>(
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
        guard (200..<300).contains(response.status) else { throw Self.httpError(response) }
        return Fetched(
            value: try decode(T.self, response.body), body: response.body, etag: response.header("etag"),
            notModified: false, signed: signed)
    }

    /// Sends a read of `route` at `path`: signed when possible, unsigned only as the policy allows.
    private func read(_ route: Route, _ path: String, etag: String?, deadline: Date) async throws(APIError) -> (
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
            if Self.isCredentialRefusal(response) {
                current = try await renewCredentials(after: current, deadline: deadline)
                response = try await sendWithRetries(
                    method: method, path: path,
                    headers: headers + authorization(current, method: method, path: path, body: nil), deadline: deadline
                )
            }
            guard Self.isCredentialRefusal(response) else {
                diagnostics.lastRequestSigned = true
                return (response, true)
            }
            refusal = "proof refused (\(Self.problem(in: response)?.code.rawValue ?? "\(response.status)"))"
        } catch {
            refusal = try Self.unsignedFallbackReason(after: error)
        }
        try await requireUnsignedReadsAllowed(reason: refusal, deadline: deadline)
        let response = try await sendWithRetries(method: method, path: path, headers: headers, deadline: deadline)
        if Self.problem(in: response)?.code == .known(.policyDenied) {
            unsignedReadsAllowed = false
            throw .unsignedNotAllowed(reason: "\(refusal); the server now denies unsigned reads")
        }
        diagnostics.lastRequestSigned = false
        diagnostics.unsignedFallbacks += 1
        diagnostics.lastFallbackReason = refusal
        return (response, false)
    }

    private func requireUnsignedReadsAllowed(reason: String, deadline: Date) async throws(APIError) {
        guard !configuration.strictSigning else { throw .unsignedNotAllowed(reason: "\(reason); strict signing is on") }
        if unsignedReadsAllowed == nil { _ = try? await policy() }
        guard unsignedReadsAllowed == true else {
            throw .unsignedNotAllowed(reason: "\(reason); the server's policy denies unsigned reads")
        }
    }

    // MARK: Writes

    private func write<Body: Encodable & Sendable>(
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
        if Self.isCredentialRefusal(response) {
            do { current = try await renewCredentials(after: current, deadline: deadline) } catch {
                throw .unsignedNotAllowed(reason: "writes are always signed and the proof was refused: \(error)")
            }
            response = try await send(
                method: method, path: path,
                headers: headers + authorization(current, method: method, path: path, body: body), body: body,
                deadline: deadline)
        }
        guard (200..<300).contains(response.status) else { throw Self.httpError(response) }
        diagnostics.lastRequestSigned = true
        return try decode(WriteAccepted.self, response.body)
    }

    // MARK: Credentials

    private func validCredentials(deadline: Date) async throws -> Credentials {
        if credentials == nil, let stored = store.load(), stored.baseURL == configuration.baseURL {
            adopt(stored)
        }
        if let credentials, !credentials.needsRenewal(at: now()) { return credentials }
        return try await renewCredentials(after: credentials, deadline: deadline)
    }

    /// Renews once for all concurrent callers in this process, and under a file lock across processes.
    private func renewCredentials(after stale: Credentials?, deadline: Date) async throws -> Credentials {
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

    private func adopt(_ fresh: Credentials) {
        credentials = fresh
        unsignedReadsAllowed = fresh.policy.unsignedReads == .known(.allow)
        diagnostics.clockOffsetSeconds = fresh.clockOffset
        diagnostics.tokenExpiresAt = fresh.tokenExpiresAt
        diagnostics.unsignedReadsAllowed = unsignedReadsAllowed
    }

    private static func bootstrap(
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
        guard response.status == 200 else { throw httpError(response) }
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

    private func authorization(_ credentials: Credentials, method: HTTPMethod, path: String, body: Data?)
        throws(APIError)
        -> [(name: String, value: String)]
    {
        do {
            let signer = try HMACSigner(base64Secret: credentials.signingKey.secret)
            let created = Int((now().timeIntervalSince1970 + credentials.clockOffset).rounded())
            let proof = try RequestProof.sign(
                method: method.rawValue, targetURI: configuration.baseURL + path, body: body,
                keyId: credentials.signingKey.keyId,
                signer: signer, created: created, nonce: randomHex(bytes: 16))
            var headers: [(name: String, value: String)] = [
                ("Authorization", "Bearer \(credentials.accessToken)"),
                ("Signature-Input", proof.signatureInput), ("Signature", proof.signature),
            ]
            if let digest = proof.contentDigest { headers.append(("Content-Digest", digest)) }
            return headers
        } catch {
            throw .unsignedNotAllowed(reason: "\(error)")
        }
    }

    // MARK: Transport

    private func sendWithRetries(
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

    private func send(
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

    private func decode<T: Decodable>(_ type: T.Type, _ body: Data) throws(APIError) -> T {
        do { return try ContractCoding.decode(type, from: body) } catch { throw .contract(error) }
    }

    static func problem(in response: HTTPResponse) -> Problem? {
        guard response.status >= 400 else { return nil }
        return try? ContractCoding.decode(Problem.self, from: response.body, sizeLimit: 64 * 1024)
    }

    static func httpError(_ response: HTTPResponse) -> APIError {
        .http(status: response.status, problem: problem(in: response))
    }

    /// A 401 about the token, key or proof: worth one renewal, then an unsigned fallback for reads.
    static func isCredentialRefusal(_ response: HTTPResponse) -> Bool {
        guard response.status == 401 else { return false }
        switch problem(in: response)?.code.known {
        case .tokenMissing, .tokenInvalid, .tokenExpired, .proofMissing, .proofInvalid, .proofExpired, .proofReplayed,
            .digestMismatch, .unknownKey, nil:
            return true
        default:
            return false
        }
    }

    /// Bootstrap can fail while reads still work only for errors that are not about reaching the server at all.
    /// Why a read may go unsigned after `error`: the server declined to issue or accept a proof (4xx), or none could
    /// be made here (a key or lock error). A transport failure, a bad answer or a 5xx is thrown as itself (the
    /// bootstrap throws the transport's and the coder's errors unwrapped).
    static func unsignedFallbackReason(after error: any Error) throws(APIError) -> String {
        switch error {
        case let error as TransportError: throw .transport(error)
        case let error as ContractError: throw .contract(error)
        case let error as APIError:
            switch error {
            case .http(let status, _) where (400..<500).contains(status): return "no request proof: \(error)"
            case .unsignedNotAllowed(let reason): return reason
            default: throw error
            }
        default: return "no request proof could be made here: \(error)"
        }
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
