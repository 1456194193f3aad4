import Foundation
import NIOSSL
import PostgresNIO

/// `DATABASE_URL`: `postgres://user:password@host:port/database`, with `?sslmode=disable|prefer|require` (prefer
/// by default) or `?host=/run/postgresql` for a Unix socket. Errors never repeat the password.
public struct DatabaseURL: Sendable {
    /// Why a URL cannot be used.
    public struct Invalid: Error, CustomStringConvertible, Equatable {
        public let reason: String
        public var description: String { "DATABASE_URL: \(reason)" }
    }

    public let configuration: PostgresClient.Configuration
    /// Host (or socket), port and database, without the credentials: safe to log.
    public let redacted: String

    public init(_ text: String) throws(Invalid) {
        guard let components = URLComponents(string: text), ["postgres", "postgresql"].contains(components.scheme)
        else { throw Invalid(reason: "not a postgres:// URL") }
        guard let user = components.user, !user.isEmpty else { throw Invalid(reason: "no user name") }
        let database = String(components.path.drop { $0 == "/" })
        guard !database.isEmpty else { throw Invalid(reason: "no database name after the host") }
        let query = Dictionary(
            (components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
        let password = components.password
        var configuration: PostgresClient.Configuration
        if let socketDirectory = query["host"], socketDirectory.hasPrefix("/") {
            let port = components.port ?? 5432
            configuration = PostgresClient.Configuration(
                unixSocketPath: "\(socketDirectory)/.s.PGSQL.\(port)", username: user, password: password,
                database: database)
            redacted = "postgres://\(socketDirectory):\(port)/\(database)"
        } else {
            guard let host = components.host, !host.isEmpty else { throw Invalid(reason: "no host") }
            let port = components.port ?? 5432
            let tls: PostgresClient.Configuration.TLS
            switch query["sslmode"] ?? "prefer" {
            case "disable": tls = .disable
            case "prefer": tls = .prefer(.makeClientConfiguration())
            case "require": tls = .require(.makeClientConfiguration())
            case let other: throw Invalid(reason: "sslmode '\(other)' is not disable, prefer or require")
            }
            configuration = PostgresClient.Configuration(
                host: host, port: port, username: user, password: password, database: database, tls: tls)
            redacted = "postgres://\(host):\(port)/\(database)"
        }
        // Requests share the pool; the collector lease and the collected values listener each hold one connection.
        let cores = ProcessInfo.processInfo.activeProcessorCount
        configuration.options.maximumConnections = 2 * cores + 2
        configuration.options.minimumConnections = 2
        configuration.options.connectTimeout = .seconds(5)
        self.configuration = configuration
    }
}
