import Foundation
import Models

/// RFC 9457 problems with their HTTP statuses.
public enum Problems {
    public static func make(_ code: ProblemCode, _ detail: String? = nil) -> Problem {
        Problem(code: code, status: status(code), title: title(code), detail: detail)
    }

    /// The root keys of access tokens could not be loaded (bootstrap and proof checks alike).
    public static func keysUnavailable(_ error: any Error) -> Problem {
        make(.storageUnavailable, "The access keys could not be loaded from the shared store: \(error)")
    }

    static func status(_ code: ProblemCode) -> Int {
        switch code {
        case .badRequest: 400
        case .notFound, .unknownPark: 404
        case .tokenMissing, .tokenInvalid, .tokenExpired, .proofMissing, .proofInvalid, .proofExpired, .proofReplayed,
            .digestMismatch, .unknownKey:
            401
        case .policyDenied: 403
        case .rateLimited: 429
        case .payloadTooLarge: 413
        case .invalidBody, .forbiddenField: 422
        case .sourceUnavailable, .requestTimeout, .storageUnavailable: 503
        case .internalError: 500
        }
    }

    static func title(_ code: ProblemCode) -> String {
        switch code {
        case .badRequest: "Bad request"
        case .notFound: "Not found"
        case .unknownPark: "Unknown park"
        case .tokenMissing: "Access token missing"
        case .tokenInvalid: "Access token invalid"
        case .tokenExpired: "Access token expired"
        case .proofMissing: "Request proof missing"
        case .proofInvalid: "Request proof invalid"
        case .proofExpired: "Request proof outside the allowed clock skew"
        case .proofReplayed: "Request proof replayed"
        case .digestMismatch: "Content-Digest mismatch"
        case .unknownKey: "Unknown signing key"
        case .policyDenied: "Denied by the current policy"
        case .rateLimited: "Too many requests"
        case .payloadTooLarge: "Payload too large"
        case .invalidBody: "Invalid body"
        case .forbiddenField: "Forbidden field"
        case .sourceUnavailable: "Source unavailable"
        case .internalError: "Internal error"
        case .requestTimeout: "Request took too long"
        case .storageUnavailable: "Shared store unavailable"
        }
    }
}
