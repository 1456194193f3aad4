import Crypto
import Foundation

/// VAPID (RFC 8292): a signed JWT that tells a push service who sends, for the `Authorization` header.
public struct VAPIDToken: Sendable {
    /// The longest lifetime push services accept is 24 hours; tokens are made for less and renewed.
    public static let lifetime: TimeInterval = 12 * 3600

    /// Why a token could not be made.
    public enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
        case subject(String)
        case endpoint(String)

        public var description: String {
            switch self {
            case .subject(let subject): "VAPID subject '\(subject)' must be a mailto: or https: URL"
            case .endpoint(let endpoint): "push endpoint '\(endpoint)' has no scheme and host"
            }
        }
    }

    /// Checks a `VAPID_SUBJECT`: a `mailto:` address or an `https:` URL.
    public static func validSubject(_ subject: String) -> Bool {
        if subject.hasPrefix("mailto:") { return subject.dropFirst(7).contains("@") }
        guard let url = URL(string: subject), url.scheme == "https", url.host?.isEmpty == false else { return false }
        return true
    }

    /// The audience of an endpoint: its scheme and host, with the port only when not the scheme's default.
    public static func audience(of endpoint: String) throws(Problem) -> String {
        guard let components = URLComponents(string: endpoint), let scheme = components.scheme?.lowercased(),
            let host = components.host, !host.isEmpty
        else { throw .endpoint(endpoint) }
        let defaultPort = scheme == "https" ? 443 : scheme == "http" ? 80 : nil
        let hostPart = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        if let port = components.port, port != defaultPort { return "\(scheme)://\(hostPart):\(port)" }
        return "\(scheme)://\(hostPart)"
    }

    /// The `Authorization` header value for a request to `endpoint`: `vapid t=<jwt>, k=<public key>`.
    public static func authorization(
        key: VAPIDKey, endpoint: String, subject: String, expires: Date
    ) throws -> String {
        guard validSubject(subject) else { throw Problem.subject(subject) }
        let header = #"{"typ":"JWT","alg":"ES256"}"#
        let claims = try JSONSerialization.data(
            withJSONObject: [
                "aud": try audience(of: endpoint), "exp": Int(expires.timeIntervalSince1970), "sub": subject,
            ] as [String: Any], options: [.sortedKeys, .withoutEscapingSlashes])
        let signingInput = Base64URL.encode(Data(header.utf8)) + "." + Base64URL.encode(claims)
        let signature = try key.sign(Data(signingInput.utf8))
        return "vapid t=\(signingInput).\(Base64URL.encode(signature)), k=\(key.publicKey)"
    }
}
