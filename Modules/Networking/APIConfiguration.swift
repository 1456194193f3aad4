import Foundation

/// How the client reaches and trusts the API.
public struct APIConfiguration: Sendable {
    /// e.g. `http://127.0.0.1:8080` (no trailing slash).
    public var baseURL: String
    /// The app name and version, sent at bootstrap and in the User-Agent.
    public var app: String
    public var appVersion: String
    /// Each call's overall deadline.
    public var requestTimeout: Duration = .seconds(8)
    /// Local strict setting: never fall back to unsigned requests, whatever the server's policy.
    public var strictSigning = false
    /// Attempts for an idempotent read (first try included).
    public var maxReadAttempts = 3
    /// First retry delay; doubled each time, with full jitter.
    public var retryBaseDelay: Duration = .milliseconds(100)

    public init(baseURL: String, app: String = "hangangjari-linux", appVersion: String) {
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.app = app
        self.appVersion = appVersion
    }

    /// `hangangjari/0.1.0 (Linux)`.
    public var userAgent: String { "hangangjari/\(appVersion) (Linux)" }
}

/// What the client saw, for `doctor` and diagnostics. Holds no secrets.
public struct ClientDiagnostics: Sendable, Equatable {
    public var lastRequestSigned: Bool?
    public var unsignedFallbacks = 0
    public var lastFallbackReason: String?
    public var bootstraps = 0
    public var clockOffsetSeconds: Double?
    public var unsignedReadsAllowed: Bool?
    public var tokenExpiresAt: Date?
}
