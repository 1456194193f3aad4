import CurlHTTP
import Foundation
import Models
import RequestProof

/// When a read may go out unsigned: the rule the client is given. A read is retried unsigned only after its proof was
/// refused or could not be made, only while the server's policy allows unsigned reads, and never under strict
/// signing; a write never goes unsigned.
public struct UnsignedFallback: Sendable {
    /// Never fall back (the local strict setting).
    public var strict: Bool

    public init(strict: Bool) {
        self.strict = strict
    }

    /// The RFC 9457 problem an error response carries.
    static func problem(in response: HTTPResponse) -> Problem? {
        guard response.status >= 400 else { return nil }
        return try? ContractCoding.decode(Problem.self, from: response.body, sizeLimit: 64 * 1024)
    }

    /// An error response as the error the client throws.
    static func httpError(_ response: HTTPResponse) -> APIError {
        .http(status: response.status, problem: problem(in: response))
    }

    /// A 401 about the token, key or proof: worth one renewal, then an unsigned fallback for reads.
    public func isCredentialRefusal(_ response: HTTPResponse) -> Bool {
        guard response.status == 401 else { return false }
        switch Self.problem(in: response)?.code.known {
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
    public func reason(after error: any Error) throws(APIError) -> String {
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
