import CurlHTTP
import Localization
import Models

extension TransportError: ExplainableError {
    /// What the user reads; libcurl's own message stays in the technical description.
    public func explanation(_ l: Localizer) -> String {
        switch self {
        case .timeout: l(.reasonTimeout)
        case .dns(let host): l(.reasonDns, host)
        case .connectionRefused: l(.reasonConnectionRefused)
        case .connectFailed: l(.reasonConnectFailed)
        case .tls: l(.reasonTls)
        case .tooLarge(let limit): l(.reasonTooLarge, limit)
        case .truncated: l(.reasonTruncated)
        case .connectionLost: l(.reasonConnectionLost)
        case .unsupportedProtocol: l(.reasonUnsupportedProtocol)
        case .tooManyRedirects: l(.reasonTooManyRedirects)
        case .badContentEncoding: l(.reasonBadEncoding)
        case .invalidURL(let url): l(.reasonInvalidUrl, url)
        case .cancelled: l(.reasonCancelled)
        case .other(let code, _): l(.reasonTransferFailed, code)
        }
    }
}

extension APIError: ExplainableError {
    /// What the user reads; the problem's English title and the proof chain stay in the technical description.
    public func explanation(_ l: Localizer) -> String {
        switch self {
        case .transport(let error): error.explanation(l)
        case .http(let status, let problem?): l(.reasonServerProblem, status, problem.code.rawValue)
        case .http(let status, nil): l(.reasonServerError, status)
        case .contract(let error): error.explanation(l)
        case .unsignedNotAllowed: l(.reasonUnsignedNotAllowed)
        }
    }
}
