import Foundation
import Models
import RequestProof
import Synchronization

/// What bootstrap hands a client: token, signing key, policy, and the clock offset to the server.
public struct Credentials: Codable, Sendable, Equatable, CustomStringConvertible {
    /// The API these credentials belong to.
    public var baseURL: String
    public var accessToken: String
    public var tokenExpiresAt: Date
    public var signingKey: SigningKey
    public var policy: ClientPolicy
    /// Server clock minus local clock, in seconds, measured at bootstrap.
    public var clockOffset: TimeInterval

    public init(
        baseURL: String, accessToken: String, tokenExpiresAt: Date, signingKey: SigningKey, policy: ClientPolicy,
        clockOffset: TimeInterval
    ) {
        self.baseURL = baseURL
        self.accessToken = accessToken
        self.tokenExpiresAt = tokenExpiresAt
        self.signingKey = signingKey
        self.policy = policy
        self.clockOffset = clockOffset
    }

    /// Whether the token should be renewed at `now` (less than a minute left).
    public func needsRenewal(at now: Date) -> Bool {
        tokenExpiresAt.timeIntervalSince(now) < 60
    }

    /// Never prints the token or the secret.
    public var description: String {
        "Credentials(baseURL: \(baseURL), keyId: \(signingKey.keyId), token: <redacted>, secret: <redacted>, expires: \(ISO8601.format(tokenExpiresAt)))"
    }
}

/// Where credentials live between runs, shared by the app and the widget. A struct of closures.
public struct CredentialStore: Sendable {
    /// The stored credentials, if any.
    public var load: @Sendable () -> Credentials?
    /// Replaces the stored credentials.
    public var save: @Sendable (Credentials) throws -> Void
    /// Runs `body` while holding the cross-process bootstrap lock (waiting until `deadline`).
    public var withBootstrapLock:
        @Sendable (_ deadline: Date, _ body: @Sendable () async throws -> Credentials) async throws -> Credentials
    /// The anonymous install id (random, created on first use).
    public var installId: @Sendable () -> String

    public init(
        load: @escaping @Sendable () -> Credentials?, save: @escaping @Sendable (Credentials) throws -> Void,
        withBootstrapLock:
            @escaping @Sendable (Date, @Sendable () async throws -> Credentials) async throws -> Credentials,
        installId: @escaping @Sendable () -> String
    ) {
        self.load = load
        self.save = save
        self.withBootstrapLock = withBootstrapLock
        self.installId = installId
    }

    /// A store that keeps credentials in memory only (one process).
    public static func inMemory() -> CredentialStore {
        let held = HeldCredentials()
        let id = randomHex(bytes: 16)
        return CredentialStore(
            load: { held.credentials.withLock { $0 } }, save: { new in held.credentials.withLock { $0 = new } },
            withBootstrapLock: { _, body in try await body() }, installId: { id })
    }
}

/// Credentials kept in this process's memory.
private final class HeldCredentials: Sendable {
    let credentials = Mutex<Credentials?>(nil)
}
