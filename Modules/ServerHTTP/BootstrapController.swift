import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Models
import ServerTrust

/// `POST /v2/auth/bootstrap`: an access token and a signing key, rate-limited per client address and per install.
public struct BootstrapController: Sendable {
    let issuer: TokenIssuer
    let limits: CallLimits
    let proxies: TrustedProxies
    let policy: PolicyState
    let now: @Sendable () -> Date

    public init(
        issuer: TokenIssuer, limits: CallLimits, proxies: TrustedProxies, policy: PolicyState,
        now: @escaping @Sendable () -> Date
    ) {
        self.issuer = issuer
        self.limits = limits
        self.proxies = proxies
        self.policy = policy
        self.now = now
    }

    func register(on router: some RouterMethods<ServerContext>) {
        router.on(API.bootstrap) { request, context in await bootstrap(request, context) }
    }

    private func bootstrap(_ request: Request, _ context: ServerContext) async -> Response {
        let now = now()
        let client = proxies.clientAddress(peer: context.peerAddress, forwardedFor: request.headers[.xForwardedFor])
        guard await limits.allow(limits.perAddress, client, now: now) else {
            return Responses.rateLimited("Too many bootstrap calls from this address", policy: policy)
        }
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: 4096)
        } catch {
            return Responses.problem(
                Problems.make(.payloadTooLarge, "Bootstrap bodies are at most 4 KiB"), policy: policy)
        }
        let asking: BootstrapRequest
        do {
            asking = try ContractCoding.decode(BootstrapRequest.self, from: Data(buffer: body))
        } catch {
            return Responses.problem(Problems.make(.invalidBody, error.requestDescription), policy: policy)
        }
        guard (16...64).contains(asking.installId.count),
            asking.installId.allSatisfy({ $0.isHexDigit && !$0.isUppercase })
        else {
            return Responses.problem(
                Problems.make(.invalidBody, "installId must be 16 to 64 lowercase hex digits"), policy: policy)
        }
        guard (1...64).contains(asking.app.count), (1...32).contains(asking.appVersion.count) else {
            return Responses.problem(
                Problems.make(.invalidBody, "app must be 1 to 64 and appVersion 1 to 32 characters"), policy: policy)
        }
        guard await limits.allow(limits.perInstall, asking.installId, now: now) else {
            return Responses.rateLimited("Too many bootstrap calls for this install", policy: policy)
        }
        let grant: TokenIssuer.Grant
        do { grant = try await issuer.issue(now: now) } catch {
            return Responses.problem(Problems.keysUnavailable(error), policy: policy)
        }
        return Responses.encoded(
            BootstrapResponse(
                accessToken: grant.token, tokenExpiresAt: grant.expiresAt,
                signingKey: SigningKey(keyId: grant.keyId, secret: grant.secret.base64EncodedString()),
                policy: policy.clientPolicy, serverTime: now), policy: policy)
    }

}
