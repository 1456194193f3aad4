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
    let transport: HTTPTransport
    /// Where the credentials are kept, shared by the processes of one user.
    let store: CredentialStore
    /// How a request is signed.
    let signing: ProofSigning
    /// When a read may go out unsigned.
    let fallback: UnsignedFallback
    /// The wall clock for token expiry and proof times; deadlines use the real time the transport keeps.
    let now: @Sendable () -> Date
    var credentials: Credentials?
    /// The latest policy seen (from bootstrap, the policy endpoint or any response header).
    var unsignedReadsAllowed: Bool?
    var renewal: Task<Credentials, any Error>?
    public internal(set) var diagnostics = ClientDiagnostics()

    /// A client of `configuration`'s server; `signing` and `fallback` default to HMAC proofs and the configuration's
    /// strict setting.
    public init(
        configuration: APIConfiguration, transport: HTTPTransport, store: CredentialStore,
        signing: ProofSigning = .hmac, fallback: UnsignedFallback? = nil,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.configuration = configuration
        self.transport = transport
        self.store = store
        self.signing = signing
        self.fallback = fallback ?? UnsignedFallback(strict: configuration.strictSigning)
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

    /// `GET /v2/forecasts`: every lot's live count and forecast (no position or arrival time is sent).
    public func lotForecasts(cached: CachedBody? = nil) async throws(APIError) -> Fetched<LotForecastsResponse> {
        try await get(API.lotForecasts, cached: cached)
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

    /// The proof headers of a request to `path` with these credentials.
    func authorization(_ credentials: Credentials, method: HTTPMethod, path: String, body: Data?)
        throws(APIError) -> [(name: String, value: String)]
    {
        try signing.headers(credentials, method, configuration.baseURL + path, body, now())
    }
}
