import Foundation
import Localization
import Models

/// A notification's payload, in the subscriber's language: the Declarative Web Push form (iOS 18.4+ shows it
/// without a service worker when `navigate` is absolute), which the pages' service worker reads too. Well under
/// 3 KB: push services refuse more, and Firefox on Android refuses padded payloads above it.
public struct AlertMessage: Codable, Sendable, Equatable {
    /// 8030 marks a declarative payload (`web_push`); absent when the page's address is not absolute (no
    /// `PUBLIC_URL`).
    public var webPush: Int?
    public var notification: Notification

    enum CodingKeys: String, CodingKey {
        case webPush = "web_push"
        case notification
    }

    public struct Notification: Codable, Sendable, Equatable {
        public var title: String
        public var body: String
        /// The park's parking page; absolute when the deployment has a `PUBLIC_URL`.
        public var navigate: String
        /// One per target: a newer notification replaces the older on the device.
        public var tag: String
        public var lang: String
        /// When the value was observed (milliseconds since 1970), not when it arrived.
        public var timestamp: Int64
        public var data: Details
    }

    /// What the service worker needs beyond the notification's own fields.
    public struct Details: Codable, Sendable, Equatable {
        /// The page opened by a tap, on this deployment (`/p/{park}/parking`).
        public var url: String
        public var park: String
        public var lot: String?
        public var available: Int
        public var observedAt: Date
        /// "as of 14:02" in the subscriber's language: shown when the notification arrives late.
        public var asOf: String
        /// The subscription, so the notification can stop it.
        public var subscription: String
        /// The label of the action that stops it.
        public var stop: String
        public var simulated: Bool
    }

    /// The lot a trip's alert proposes instead, as the ranking for the same arrival names it.
    public struct Alternative: Sendable, Equatable {
        public var lot: ParkingLot
        /// Its p50 at the person's arrival there.
        public var spaces: Int
        public var arrival: Date

        public init(lot: ParkingLot, spaces: Int, arrival: Date) {
            self.lot = lot
            self.spaces = spaces
            self.arrival = arrival
        }
    }

    /// The tag of a subscription's notifications: a newer alert on the same target replaces the older on the phone.
    static func tag(_ subscription: PushSubscription) -> String { "alert-" + subscription.targetID }

    /// The push Topic of a subscription's alerts (RFC 8030 allows 32 characters): a push service still holding an
    /// undelivered one for the target keeps only the newer.
    static func topic(_ subscription: PushSubscription) -> String { String(tag(subscription).prefix(32)) }

    /// The message for one crossing. A trip's (`.fillsBeforeArrival`) says the spaces forecast at arrival and
    /// names `alternative`, whose page a tap opens.
    public static func make(
        subscriptionId: String, subscription: PushSubscription, name: String, park: ParkID, available: Int,
        observedAt: Date, trigger: AlertTrigger, simulated: Bool, publicURL: PublicURL?,
        alternative: Alternative? = nil
    ) -> AlertMessage {
        let language: Language = subscription.language == "ko" ? .ko : .en
        let l = Localizer(language)
        var title = l.plural(.alertTitle, count: available, name, available)
        var body: String
        var path = DeepLink(parkId: park, screen: .parking).webPath
        switch trigger {
        case .belowThreshold: body = l(.alertBody, subscription.threshold)
        case .forecastFills: body = l(.alertForecastFills)
        case .fillsBeforeArrival:
            let words = l.tripAlert(
                lot: name, spaces: available, arrival: subscription.arriveAt ?? observedAt,
                margin: subscription.threshold,
                alternative: alternative.map {
                    (language == .ko ? $0.lot.nameKo : $0.lot.nameEn, $0.spaces, $0.arrival)
                })
            (title, body) = words
            if let alternative {
                path = DeepLink(parkId: alternative.lot.parkId, screen: .parking, lotId: alternative.lot.id).webPath
            }
        }
        if simulated { body += " " + l(.alertSimulated) }
        return AlertMessage(
            webPush: publicURL == nil ? nil : 8030,
            notification: Notification(
                title: title, body: body,
                navigate: publicURL.map { $0.description + path } ?? path, tag: tag(subscription),
                lang: language.rawValue, timestamp: Int64(observedAt.timeIntervalSince1970 * 1000),
                data: Details(
                    url: path, park: park.rawValue, lot: subscription.lotId?.rawValue, available: available,
                    observedAt: observedAt, asOf: l(.alertAsOf, Localizer.seoulClock(observedAt)),
                    subscription: subscriptionId, stop: l(.alertStop), simulated: simulated)))
    }

    /// The payload's bytes.
    public func encoded() throws -> Data { try ContractCoding.encode(self) }
}

extension AlertMessage {
    /// A message encoded once for many subscriptions: the JSON with a placeholder where the subscription's id goes.
    public struct Template: Sendable {
        /// Encoded as `\u0002id\u0002`, which no id contains.
        public static let placeholder = "\u{2}id\u{2}"
        let parts: [Data]

        /// The payload for one subscription (ids are `s-` and hex digits: nothing to escape in JSON).
        public func payload(for subscriptionId: String) -> Data {
            let id = Data(subscriptionId.utf8)
            var payload = Data(capacity: parts.reduce(0) { $0 + $1.count } + id.count * (parts.count - 1))
            for (index, part) in parts.enumerated() {
                if index > 0 { payload.append(id) }
                payload.append(part)
            }
            return payload
        }
    }

    /// This message as a template (made with ``Template/placeholder`` as its subscription id).
    public func template() throws -> Template {
        let encoded = try encoded()
        let marker = Data(#"\u0002id\u0002"#.utf8)
        var parts: [Data] = []
        var rest = encoded[...]
        while let found = rest.range(of: marker) {
            parts.append(Data(rest[..<found.lowerBound]))
            rest = rest[found.upperBound...]
        }
        parts.append(Data(rest))
        return Template(parts: parts)
    }
}
