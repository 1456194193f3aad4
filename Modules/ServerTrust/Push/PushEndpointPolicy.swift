import Foundation
import Models

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Which Web Push endpoints this deployment sends to: `https` URLs on the push services' hosts only (FCM,
/// Mozilla, Apple, Windows by default; `PUSH_SERVICES` to change), and never to an address that resolves to
/// loopback, a private or link-local network, unless a test allows it explicitly.
public struct PushEndpointPolicy: Sendable, Equatable {
    /// Host patterns: `host` exactly, or `*.domain` for any host below it.
    public var services: [String]
    /// Test only (`PUSH_TEST_ENDPOINTS`): plain `http` and addresses on this machine are allowed.
    public var allowsLocalForTests: Bool

    /// The push services browsers subscribe with.
    public static let defaultServices = [
        "fcm.googleapis.com", "updates.push.services.mozilla.com", "*.push.apple.com", "*.notify.windows.com",
    ]

    public init(services: [String] = Self.defaultServices, allowsLocalForTests: Bool = false) {
        self.services = services
        self.allowsLocalForTests = allowsLocalForTests
    }

    /// Reads `PUSH_SERVICES`: host patterns separated by commas.
    public init(parsing text: String, allowsLocalForTests: Bool = false) throws(Refusal) {
        let patterns = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        for pattern in patterns {
            let host = pattern.hasPrefix("*.") ? String(pattern.dropFirst(2)) : pattern
            guard !host.isEmpty, host.contains("."),
                host.allSatisfy({ $0.isLetter || $0.isNumber || "-.".contains($0) })
            else { throw .pattern(pattern) }
        }
        guard !patterns.isEmpty else { throw .pattern(text) }
        self.init(services: patterns, allowsLocalForTests: allowsLocalForTests)
    }

    /// Why an endpoint is refused. Its text never repeats the endpoint (a secret): only its host.
    public enum Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        case notHTTPS
        case notAPushService(host: String)
        case localAddress(host: String)
        case unresolvable(host: String)
        case pattern(String)

        public var description: String {
            switch self {
            case .notHTTPS: "push.endpoint must be an https URL"
            case .notAPushService(let host): "push.endpoint's host \(host) is not a push service this server sends to"
            case .localAddress(let host): "push.endpoint's host \(host) is on a loopback, private or link-local network"
            case .unresolvable(let host): "push.endpoint's host \(host) does not resolve"
            case .pattern(let text): "'\(text)' is not a list of push service hosts (host or *.domain, comma-separated)"
            }
        }

        /// A short stable name, for counters.
        public var reason: String {
            switch self {
            case .notHTTPS, .notAPushService, .pattern: "endpoint_not_allowed"
            case .localAddress: "endpoint_local"
            case .unresolvable: "endpoint_unresolvable"
            }
        }
    }

    /// Checks an endpoint as written: its scheme, its host among the services, and a literal address that is
    /// public. Returns the host.
    @discardableResult
    public func check(_ endpoint: String) -> Result<String, Refusal> {
        guard let components = URLComponents(string: endpoint), let scheme = components.scheme?.lowercased(),
            let host = components.host?.lowercased(), !host.isEmpty, components.user == nil,
            components.password == nil
        else { return .failure(.notHTTPS) }
        if allowsLocalForTests { return scheme == "https" || scheme == "http" ? .success(host) : .failure(.notHTTPS) }
        guard scheme == "https" else { return .failure(.notHTTPS) }
        let literal = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if IPAddressRange.isAddress(literal) {
            return IPAddressRange.isPublic(literal)
                ? .failure(.notAPushService(host: host)) : .failure(.localAddress(host: host))
        }
        guard services.contains(where: { Self.matches(host, $0) }) else {
            return .failure(.notAPushService(host: host))
        }
        return .success(host)
    }

    /// Checks where the host resolves to, just before sending: every address must be public. Nil when it may be
    /// sent to.
    public func refusalAfterResolving(_ host: String) -> Refusal? {
        if allowsLocalForTests { return nil }
        let addresses = Self.resolve(host)
        guard !addresses.isEmpty else { return .unresolvable(host: host) }
        guard addresses.allSatisfy(IPAddressRange.isPublic) else { return .localAddress(host: host) }
        return nil
    }

    static func matches(_ host: String, _ pattern: String) -> Bool {
        pattern.hasPrefix("*.") ? host.hasSuffix(String(pattern.dropFirst(1))) : host == pattern
    }

    /// The host's addresses as text (getaddrinfo).
    static func resolve(_ host: String) -> [String] {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else { return [] }
        defer { freeaddrinfo(first) }
        var addresses: [String] = []
        var next: UnsafeMutablePointer<addrinfo>? = first
        while let entry = next {
            var buffer = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            if getnameinfo(
                entry.pointee.ai_addr, entry.pointee.ai_addrlen, &buffer, socklen_t(buffer.count), nil, 0,
                NI_NUMERICHOST) == 0
            {
                addresses.append(
                    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
            }
            next = entry.pointee.ai_next
        }
        return addresses
    }
}
