import Foundation

/// A value from a repository, with where it came from and whether it can be trusted as current.
public struct Loaded<Value: Sendable>: Sendable {
    public enum Origin: String, Sendable {
        /// From the cache, within its freshness window: no request was made.
        case cache
        /// From the network.
        case network
        /// The server said the cached copy is still current (304).
        case notModified = "not_modified"
    }

    public enum Trust: Sendable, Equatable {
        case current
        /// The last value, shown because refreshing failed; `reason` says why.
        case stale(reason: String)
    }

    public var value: Value
    public var origin: Origin
    public var trust: Trust
    public var fetchedAt: Date
}

/// Nothing to show, with the reason.
public struct RepositoryUnavailable: Error, Sendable, CustomStringConvertible {
    public var reason: String
    public var description: String { reason }

    public init(reason: String) {
        self.reason = reason
    }
}
