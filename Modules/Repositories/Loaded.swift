import Foundation
import Localization

/// Where a repository's value came from.
public enum LoadOrigin: String, Sendable {
    /// From the cache, within its freshness window: no request was made.
    case cache
    /// From the network.
    case network
    /// The server said the cached copy is still current (304).
    case notModified = "not_modified"
}

/// Whether a repository's value can be trusted as current.
public enum LoadTrust: Sendable, Equatable {
    case current
    /// The last value, shown because refreshing failed; `reason` says why.
    case stale(reason: Reason)
}

/// A value from a repository, with where it came from and whether it can be trusted as current.
public struct Loaded<Value: Sendable>: Sendable {
    public var value: Value
    public var origin: LoadOrigin
    public var trust: LoadTrust
    public var fetchedAt: Date

    public init(value: Value, origin: LoadOrigin, trust: LoadTrust, fetchedAt: Date) {
        self.value = value
        self.origin = origin
        self.trust = trust
        self.fetchedAt = fetchedAt
    }
}

/// Nothing to show, with the reason.
public struct RepositoryUnavailable: Error, Sendable, CustomStringConvertible, ExplainableError {
    public var reason: Reason
    public var description: String { reason.technical }

    public func explanation(_ l: Localizer) -> String { reason.text(l) }

    public init(reason: Reason) {
        self.reason = reason
    }
}
