import Foundation

/// Settings of the libcurl transport.
public struct TransportConfiguration: Sendable {
    /// Longest time to establish a connection.
    public var connectTimeout: Duration = .seconds(3)
    /// Largest body accepted.
    public var maxResponseBytes: Int = 4 * 1024 * 1024
    /// Redirects followed at most (http and https only).
    public var maxRedirects: Int = 3
    /// The User-Agent sent, e.g. `hangangjari/0.1.0 (Linux)`.
    public var userAgent: String
    /// CA bundle; nil finds the distribution's bundle.
    public var caBundlePath: String? = CABundle.systemPath
    /// The event-loop thread's niceness (0: as the process): background traffic yields the CPU to the rest.
    public var threadNiceness: Int32 = 0

    public init(userAgent: String) {
        self.userAgent = userAgent
    }
}

/// Where Linux distributions keep their CA bundle.
public enum CABundle {
    /// Debian/Ubuntu, Fedora/RHEL, openSUSE, Alpine and Arch paths, in that order.
    public static let candidates = [
        "/etc/ssl/certs/ca-certificates.crt",
        "/etc/pki/tls/certs/ca-bundle.crt",
        "/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem",
        "/etc/ssl/ca-bundle.pem",
        "/etc/ssl/cert.pem",
    ]

    /// The first bundle that exists, or nil to leave libcurl's built-in default.
    public static let systemPath: String? = candidates.first { FileManager.default.isReadableFile(atPath: $0) }
}

extension TransportConfiguration {
    /// For push services: no redirects (an endpoint was checked where it points, not where it is sent on), small
    /// answers, and a thread that yields the CPU to the collection and the pages (a fan-out is background work).
    public static func pushService(userAgent: String) -> TransportConfiguration {
        var configuration = TransportConfiguration(userAgent: userAgent)
        configuration.maxRedirects = 0
        configuration.maxResponseBytes = 64 * 1024
        configuration.threadNiceness = 10
        return configuration
    }
}
