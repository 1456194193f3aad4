/// Stable error codes of the /v2 API (the `code` member of a problem details body).
public enum ProblemCode: String, ContractEnum {
    case badRequest = "bad_request"
    case notFound = "not_found"
    case unknownPark = "unknown_park"
    case tokenMissing = "token_missing"
    case tokenInvalid = "token_invalid"
    case tokenExpired = "token_expired"
    case proofMissing = "proof_missing"
    case proofInvalid = "proof_invalid"
    case proofExpired = "proof_expired"
    case proofReplayed = "proof_replayed"
    case digestMismatch = "digest_mismatch"
    case unknownKey = "unknown_key"
    case policyDenied = "policy_denied"
    case rateLimited = "rate_limited"
    case payloadTooLarge = "payload_too_large"
    case invalidBody = "invalid_body"
    case forbiddenField = "forbidden_field"
    case sourceUnavailable = "source_unavailable"
    case internalError = "internal_error"
    case requestTimeout = "request_timeout"
    case storageUnavailable = "storage_unavailable"
}

/// An RFC 9457 problem details body (`application/problem+json`).
public struct Problem: Hashable, Sendable, Codable, Error {
    /// A URI naming the problem type.
    public var type: String
    public var title: String
    public var status: Int
    public var detail: String?
    public var instance: String?
    /// The stable code clients act on.
    public var code: OpenEnum<ProblemCode>

    public init(code: ProblemCode, status: Int, title: String, detail: String? = nil, instance: String? = nil) {
        self.type = "https://hangangjari.invalid/problems/\(code.rawValue)"
        self.title = title
        self.status = status
        self.detail = detail
        self.instance = instance
        self.code = .known(code)
    }
}
