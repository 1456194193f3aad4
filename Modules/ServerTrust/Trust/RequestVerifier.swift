import Foundation
import Models
import RequestProof

/// Checks a request's token and RFC 9421 proof with the shared signature-base code.
public struct RequestVerifier: Sendable {
    public let issuer: TokenIssuer
    /// Where spent nonces are remembered (shared by the instances of a deployment).
    public let records: any ClientRecordStore
    public let policy: PolicyState

    public init(issuer: TokenIssuer, records: any ClientRecordStore, policy: PolicyState) {
        self.issuer = issuer
        self.records = records
        self.policy = policy
    }

    /// The request as the verifier needs it.
    public struct Incoming: Sendable {
        public var method: String
        /// `http://host:port/path?query` as the client addressed it.
        public var targetURI: String
        public var authorization: String?
        public var signatureInput: String?
        public var signature: String?
        public var contentDigest: String?
        public var body: Data?
        public var isWrite: Bool

        public init(
            method: String, targetURI: String, authorization: String?, signatureInput: String?, signature: String?,
            contentDigest: String?, body: Data?, isWrite: Bool
        ) {
            self.method = method
            self.targetURI = targetURI
            self.authorization = authorization
            self.signatureInput = signatureInput
            self.signature = signature
            self.contentDigest = contentDigest
            self.body = body
            self.isWrite = isWrite
        }
    }

    /// Whether the request was signed.
    public enum Verdict: Sendable, Equatable {
        case signed(keyId: String)
        case unsigned
    }

    /// The verdict on a request that carries neither a token nor a proof, decided without waiting: an unsigned read
    /// while the policy allows it, otherwise the problem to answer. Nil when the request carries a credential.
    public func uncredentialed(_ request: Incoming) -> Result<Verdict, Problem>? {
        guard request.authorization == nil, request.signatureInput == nil, request.signature == nil else { return nil }
        if request.isWrite { return .failure(Problems.make(.proofMissing, "Writes need a request proof")) }
        if policy.unsignedReadsAllowed { return .success(.unsigned) }
        return .failure(Problems.make(.policyDenied, "Unsigned reads are not allowed right now"))
    }

    /// Accepts a signed request, or an unsigned read while the policy allows it; otherwise the problem to answer.
    /// A nonce that cannot be checked (the shared store is down) refuses the request: a replay is never let through.
    public func verify(_ request: Incoming, now: Date) async -> Result<Verdict, Problem> {
        if let verdict = uncredentialed(request) { return verdict }
        guard let authorization = request.authorization, authorization.hasPrefix("Bearer ") else {
            return .failure(Problems.make(.tokenMissing, "Missing bearer token"))
        }
        let found: TokenIssuer.Grant?
        do { found = try await issuer.grant(token: String(authorization.dropFirst(7))) } catch {
            return .failure(Problems.keysUnavailable(error))
        }
        guard let grant = found else { return .failure(Problems.make(.tokenInvalid, "Unknown access token")) }
        guard grant.expiresAt > now else { return .failure(Problems.make(.tokenExpired, "Access token expired")) }
        let parsed: RequestProof.Parsed
        do {
            parsed = try RequestProof.parse(
                signatureInput: request.signatureInput, signature: request.signature, hasBody: request.body != nil)
        } catch .missingHeader(let name) {
            return .failure(Problems.make(.proofMissing, "Missing \(name)"))
        } catch {
            return .failure(Problems.make(.proofInvalid, "\(error)"))
        }
        guard parsed.parameters.keyId == grant.keyId else {
            return .failure(Problems.make(.unknownKey, "The proof's keyid does not belong to this token"))
        }
        guard abs(Double(parsed.parameters.created) - now.timeIntervalSince1970) <= Double(policy.maxSkewSeconds) else {
            return .failure(
                Problems.make(
                    .proofExpired,
                    "The proof's created time is more than \(policy.maxSkewSeconds) s from the server clock"))
        }
        if let expires = parsed.parameters.expires, Double(expires) <= now.timeIntervalSince1970 {
            return .failure(
                Problems.make(
                    .proofExpired,
                    "The proof's expires time \(expires) has passed (server clock \(Int(now.timeIntervalSince1970)))"))
        }
        guard let nonce = parsed.parameters.nonce, !nonce.isEmpty, nonce.count <= 128 else {
            return .failure(Problems.make(.proofInvalid, "The proof has no nonce"))
        }
        do {
            try RequestProof.verify(
                parsed, method: request.method, targetURI: request.targetURI, body: request.body,
                contentDigestHeader: request.contentDigest, signer: HMACSigner(secret: grant.secret))
        } catch .digestMismatch {
            return .failure(Problems.make(.digestMismatch, "The body does not match Content-Digest"))
        } catch {
            return .failure(Problems.make(.proofInvalid, "\(error)"))
        }
        // Only a valid signature spends its nonce, so forged requests cannot burn others' nonces. A proof is
        // accepted within the skew of an instance's clock; twice the skew covers instances whose clocks differ.
        let spent = SpentNonce(keyId: grant.keyId, nonce: nonce)
        let until = now.addingTimeInterval(2 * Double(policy.maxSkewSeconds))
        do {
            guard try await records.spendNonce(spent, now: now, until: until) else {
                return .failure(Problems.make(.proofReplayed, "This nonce was already used"))
            }
        } catch {
            return .failure(
                Problems.make(.storageUnavailable, "The replay check could not be made: \(error)"))
        }
        return .success(.signed(keyId: grant.keyId))
    }
}
