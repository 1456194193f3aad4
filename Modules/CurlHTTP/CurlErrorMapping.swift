import CCurl
import Foundation

enum CurlErrorMapping {
    /// Maps a finished transfer's CURLcode to a ``TransportError``.
    static func error(code: CURLcode, osErrno: Int, host: String, sizeLimit: Int, overLimit: Bool) -> TransportError {
        if overLimit { return .tooLarge(limit: sizeLimit) }
        let message = String(cString: curl_easy_strerror(code))
        switch code {
        case CURLE_OPERATION_TIMEDOUT: return .timeout
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: return .dns(host: host)
        case CURLE_COULDNT_CONNECT: return osErrno == Int(ECONNREFUSED) ? .connectionRefused : .connectFailed(message)
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
            CURLE_SSL_INVALIDCERTSTATUS,
            CURLE_SSL_ENGINE_INITFAILED, CURLE_SSL_CRL_BADFILE, CURLE_SSL_SHUTDOWN_FAILED:
            return .tls(message)
        case CURLE_FILESIZE_EXCEEDED: return .tooLarge(limit: sizeLimit)
        case CURLE_PARTIAL_FILE: return .truncated
        case CURLE_UNSUPPORTED_PROTOCOL: return .unsupportedProtocol
        case CURLE_TOO_MANY_REDIRECTS: return .tooManyRedirects
        case CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR: return .connectionLost(message)
        case CURLE_BAD_CONTENT_ENCODING: return .badContentEncoding
        case CURLE_URL_MALFORMAT: return .invalidURL(host)
        case CURLE_ABORTED_BY_CALLBACK: return .cancelled
        default: return .other(code: Int(code.rawValue), message: message)
        }
    }
}
