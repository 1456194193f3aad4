import Foundation
import Models
import ServerTrust

/// What subscription writes need beyond the other writes: the push store (counts, deletes), which Web Push
/// endpoints are accepted (nil: this deployment sends no push alerts) and the limits.
public struct SubscriptionWrites: Sendable {
    public var store: any PushStore
    public var endpoints: PushEndpointPolicy?
    /// Subscription writes per client address and per install, like bootstrap.
    public var limits: CallLimits
    public var proxies: TrustedProxies
    /// Subscriptions one install may keep, and all installs together.
    public var perInstall: Int
    public var total: Int

    public init(
        store: any PushStore, endpoints: PushEndpointPolicy?, limits: CallLimits, proxies: TrustedProxies,
        perInstall: Int = 20, total: Int = 100_000
    ) {
        self.store = store
        self.endpoints = endpoints
        self.limits = limits
        self.proxies = proxies
        self.perInstall = perInstall
        self.total = total
    }
}
