import FoundationEssentials

/// `POST /v2/push/subscriptions` body: alert when a lot (or a whole park) falls below a threshold, or is forecast
/// to fill. With `push`, the server sends the alert to that Web Push subscription; without it (older clients) the
/// subscription is kept and the client alerts by itself.
public struct PushSubscription: Hashable, Sendable, Codable {
    public var installHash: String
    /// The lot watched; absent when a whole park is (`parkId`).
    public var lotId: LotID?
    /// The park whose total is watched, when no lot is given.
    public var parkId: ParkID?
    /// Alert when free spaces fall below this number.
    public var threshold: Int
    /// Quiet hours in Seoul time (`HH:MM`), when set.
    public var quietFrom: String?
    public var quietUntil: String?
    /// Also alert when the forecast says the target fills within the hour.
    public var forecastFill: Bool?
    /// The language of the notification (`ko` or `en`; English when absent).
    public var language: String?
    /// Where the notification goes: the browser's Web Push subscription.
    public var push: WebPushTarget?
    /// A trip: the person arrives at the lot then. Until that time the lot's forecast at arrival is watched against
    /// `threshold` (one alert, naming the best other lot); after it the subscription ends by itself.
    public var arriveAt: Date?

    public init(
        installHash: String, lotId: LotID? = nil, parkId: ParkID? = nil, threshold: Int, quietFrom: String? = nil,
        quietUntil: String? = nil, forecastFill: Bool? = nil, language: String? = nil, push: WebPushTarget? = nil,
        arriveAt: Date? = nil
    ) {
        self.installHash = installHash
        self.lotId = lotId
        self.parkId = parkId
        self.threshold = threshold
        self.quietFrom = quietFrom
        self.quietUntil = quietUntil
        self.forecastFill = forecastFill
        self.language = language
        self.push = push
        self.arriveAt = arriveAt
    }

    /// The id of what is watched: the lot's, else the park's; a trip's is `trip-` and its lot's, so that a trip
    /// leaves the install's standing alert on the same lot in place (`-` keeps it a valid push Topic).
    public var targetID: String {
        let target = lotId?.rawValue ?? parkId?.rawValue ?? ""
        return arriveAt == nil ? target : "trip-" + target
    }
}

/// A browser's Web Push subscription as `PushSubscription.toJSON()` gives it (`expirationTime` is not kept).
public struct WebPushTarget: Hashable, Sendable, Codable {
    /// The push service's URL for this subscription: a secret, never logged.
    public var endpoint: String
    public var keys: Keys

    /// The subscription's keys, base64url.
    public struct Keys: Hashable, Sendable, Codable {
        /// The browser's P-256 public key (65 bytes uncompressed).
        public var p256dh: String
        /// The 16-byte authentication secret.
        public var auth: String

        public init(p256dh: String, auth: String) {
            self.p256dh = p256dh
            self.auth = auth
        }
    }

    public init(endpoint: String, keys: Keys) {
        self.endpoint = endpoint
        self.keys = keys
    }
}
