/// Why a /v2 payload was refused. Every decoder of the contract throws only this type.
public enum ContractError: Error, Sendable, Equatable {
    /// The body is larger than the decoder accepts.
    case tooLarge(bytes: Int, limit: Int)
    /// The body is empty.
    case empty
    /// The body is not JSON, or is cut short (`detail` says where the parser gave up).
    case malformedJSON(detail: String)
    /// A required field is missing; `field` is a dotted path such as `parking.lots[2].status`.
    case missingField(field: String)
    /// A field has the wrong JSON type, e.g. a number where a string belongs.
    case wrongType(field: String, expected: String)
    /// A field has the right type but a value the contract forbids (a date without offset, a negative count).
    case invalidValue(field: String, detail: String)
    /// The payload describes another park than the one that was asked for; nothing of it may be stored or shown.
    case wrongPark(expected: ParkID, received: ParkID)
}

extension ContractError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .tooLarge(let bytes, let limit):
            "response body too large: \(bytes) bytes (limit \(limit))"
        case .empty:
            "response body is empty"
        case .malformedJSON(let detail):
            "response is not valid JSON: \(detail)"
        case .missingField(let field):
            "missing field '\(field)'"
        case .wrongType(let field, let expected):
            "field '\(field)' has the wrong type (expected \(expected))"
        case .invalidValue(let field, let detail):
            "field '\(field)' is invalid: \(detail)"
        case .wrongPark(let expected, let received):
            "payload is for park '\(received.rawValue)', not the requested '\(expected.rawValue)'"
        }
    }
}

extension ContractError {
    /// The same refusal worded for a request body the server was sent, so that a client is never told that a
    /// response failed: "the request body is not valid JSON at …".
    public var requestDescription: String {
        switch self {
        case .tooLarge(let bytes, let limit): "the request body is too large: \(bytes) bytes (limit \(limit))"
        case .empty: "the request body is empty"
        case .malformedJSON(let detail): "the request body is not valid JSON at \(detail)"
        case .missingField(let field): "the request body lacks field '\(field)'"
        default: "the request body's " + description
        }
    }
}
