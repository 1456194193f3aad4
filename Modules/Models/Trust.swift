import FoundationEssentials

/// Whether a read may go out unsigned when a request proof cannot be made or is refused.
public enum UnsignedReadPolicy: String, ContractEnum {
    case allow, deny
}

/// The runtime policy the server hands to clients (`GET /v2/config/policy`, and inside bootstrap).
public struct ClientPolicy: Hashable, Sendable, Codable {
    /// Whether unsigned reads are accepted right now.
    public var unsignedReads: OpenEnum<UnsignedReadPolicy>
    /// Seconds a request proof's `created` may differ from the server's clock.
    public var proofMaxSkewSeconds: Int
    /// Suggested seconds between widget refreshes.
    public var refreshIntervalSeconds: Int?
    /// Oldest client version the server still serves fully.
    public var minClientVersion: String?
    /// Where people reach this deployment's pages (`https://host[/prefix]`); absent for a server only this machine
    /// reaches. A client hands a phone `publicUrl + DeepLink.webPath`.
    public var publicUrl: String?
    /// The deployment's VAPID public key (base64url), the `applicationServerKey` of Web Push subscriptions; absent
    /// when this deployment sends no push alerts.
    public var pushPublicKey: String?

    public init(
        unsignedReads: OpenEnum<UnsignedReadPolicy>, proofMaxSkewSeconds: Int = 300,
        refreshIntervalSeconds: Int? = nil, minClientVersion: String? = nil, publicUrl: String? = nil,
        pushPublicKey: String? = nil
    ) {
        self.pushPublicKey = pushPublicKey
        self.unsignedReads = unsignedReads
        self.proofMaxSkewSeconds = proofMaxSkewSeconds
        self.refreshIntervalSeconds = refreshIntervalSeconds
        self.minClientVersion = minClientVersion
        self.publicUrl = publicUrl
    }
}

/// `POST /v2/bootstrap` body: who is asking (no personal data).
public struct BootstrapRequest: Hashable, Sendable, Codable {
    /// Anonymous install hash (random, scoped to this API).
    public var installId: String
    /// e.g. `hangangjari-linux`.
    public var app: String
    public var appVersion: String

    public init(installId: String, app: String, appVersion: String) {
        self.installId = installId
        self.app = app
        self.appVersion = appVersion
    }
}

/// The key a client signs requests with (RFC 9421 `hmac-sha256`).
public struct SigningKey: Hashable, Sendable, Codable {
    public var keyId: String
    /// The secret, base64. Never logged or printed.
    public var secret: String

    public init(keyId: String, secret: String) {
        self.keyId = keyId
        self.secret = secret
    }
}

/// `POST /v2/bootstrap` response.
public struct BootstrapResponse: Hashable, Sendable, Codable {
    /// Bearer token for protected calls.
    public var accessToken: String
    public var tokenExpiresAt: Date
    public var signingKey: SigningKey
    public var policy: ClientPolicy
    /// The server's clock, to correct the client's skew.
    public var serverTime: Date

    public init(
        accessToken: String, tokenExpiresAt: Date, signingKey: SigningKey, policy: ClientPolicy, serverTime: Date
    ) {
        self.accessToken = accessToken
        self.tokenExpiresAt = tokenExpiresAt
        self.signingKey = signingKey
        self.policy = policy
        self.serverTime = serverTime
    }
}
