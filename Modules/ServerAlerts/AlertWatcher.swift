import Foundation
import Models
import ServerCollection
import ServerSources
import ServerTrust

/// Watches every Web Push subscription after each parking collection: the one ``AlertRule`` decides on the
/// values /v2 serves at that moment, and each crossing goes into the push store's outbox (once, however many
/// instances watch). Sending is the dispatcher's, never the collection's.
public struct AlertWatcher: Sendable {
    let store: any PushStore
    let responses: ParkResponses
    let publicURL: PublicURL?
    let now: @Sendable () -> Date
    /// Told how many crossings were queued (the dispatcher wakes).
    let queued: @Sendable (Int) -> Void
    /// Returns when the watcher may write again: between parts of a large crossing, a collection round that started
    /// meanwhile writes first.
    let stepAside: @Sendable () async -> Void
    /// A crossing older than this is news no longer: it is not sent, and push services drop it after it (TTL).
    public static let lifetime: TimeInterval = 15 * 60

    public init(
        store: any PushStore, responses: ParkResponses, publicURL: PublicURL?, now: @escaping @Sendable () -> Date,
        queued: @escaping @Sendable (Int) -> Void, stepAside: @escaping @Sendable () async -> Void = {}
    ) {
        self.stepAside = stepAside
        self.store = store
        self.responses = responses
        self.publicURL = publicURL
        self.now = now
        self.queued = queued
    }

    /// The watcher as a listener of parking collections.
    public var listener: CollectionListener {
        CollectionListener(name: "alert watcher", kinds: [.parking]) { event in _ = try await watch(event) }
    }

    /// One pass over every subscription for a finished collection; returns how many crossings were queued.
    public func watch(_ event: CollectionEvent) async throws -> Int {
        let at = now()
        let watched = try await store.watched()
        guard !watched.isEmpty else { return 0 }
        var parking: [ParkID: ParkingResponse] = [:]
        var messages: [MessageKey: AlertMessage.Template] = [:]
        var changes = AlertChanges()
        var trips = TripWatch(responses: responses, now: at)
        for entry in watched {
            let subscription = entry.subscription
            if subscription.arriveAt != nil {
                if let crossing = try trips.crossing(entry, publicURL: publicURL) { changes.crossings.append(crossing) }
                continue
            }
            guard let parkID = subscription.parkId ?? subscription.lotId.flatMap({ responses.catalog.lot($0)?.parkId }),
                let park = responses.catalog.park(parkID), let collected = event.collected[parkID]
            else { continue }
            let values =
                parking[parkID] ?? responses.parkingResponse(park: park, collected: collected, now: at)
            parking[parkID] = values
            guard let target = Self.observation(subscription, park: park, values: values, forecast: collected.forecast)
            else {
                continue
            }
            let condition = AlertCondition(
                threshold: subscription.threshold, onForecastFill: subscription.forecastFill == true,
                quietFrom: subscription.quietFrom, quietUntil: subscription.quietUntil)
            switch AlertRule.decide(target.observation, condition, armed: entry.armed, now: at) {
            case .hold: continue
            case .rearm: if !entry.armed { changes.rearmed.append(entry.id) }
            case .notify(let trigger):
                guard let push = subscription.push else { continue }
                // One message for every subscription that would get the same words; only the id differs.
                let key = MessageKey(
                    target: subscription.targetID, threshold: subscription.threshold, language: subscription.language,
                    trigger: trigger)
                let template: AlertMessage.Template
                if let made = messages[key] {
                    template = made
                } else {
                    template = try AlertMessage.make(
                        subscriptionId: AlertMessage.Template.placeholder, subscription: subscription,
                        name: target.name,
                        park: parkID, available: target.observation.available ?? 0,
                        observedAt: target.observedAt ?? at, trigger: trigger, simulated: target.simulated,
                        publicURL: publicURL
                    ).template()
                    messages[key] = template
                }
                changes.crossings.append(
                    AlertCrossing(
                        subscriptionId: entry.id, target: push, payload: template.payload(for: entry.id),
                        topic: AlertMessage.topic(subscription), createdAt: at,
                        expiresAt: at.addingTimeInterval(Self.lifetime)))
            }
        }
        // A trip whose arrival has passed ends by itself.
        for id in trips.ended { _ = try await store.removeSubscription(id: id) }
        guard !changes.rearmed.isEmpty || !changes.crossings.isEmpty else { return 0 }
        // Queued a part at a time, each part woken at once: sending starts while the rest is being queued.
        var count = try await store.apply(AlertChanges(rearmed: changes.rearmed), now: at)
        var start = changes.crossings.startIndex
        while start < changes.crossings.endIndex {
            await stepAside()
            let end = min(start + Self.queuedTogether, changes.crossings.endIndex)
            let part = try await store.apply(AlertChanges(crossings: Array(changes.crossings[start..<end])), now: at)
            if part > 0 { queued(part) }
            count += part
            start = end
        }
        return count
    }

    /// Crossings queued in one transaction: short, so the collection's own writes to the same file wait little.
    static let queuedTogether = 50

    /// What makes two subscriptions' messages the same but for their ids.
    struct MessageKey: Hashable {
        var target: String
        var threshold: Int
        var language: String?
        var trigger: AlertTrigger
    }

    /// What a subscription's target shows in the /v2 values: a lot's own status, or the park's total (closed when
    /// every lot is).
    static func observation(
        _ subscription: PushSubscription, park: Park, values: ParkingResponse, forecast: ForecastOverview?
    ) -> (observation: AlertObservation, name: String, observedAt: Date?, simulated: Bool)? {
        let status = values.freshness[.parking]
        let freshness = status?.state.known ?? .unavailable
        let simulated = status?.simulated ?? false
        let korean = subscription.language == "ko"
        if let lotID = subscription.lotId {
            guard let entry = values.parking.lots.first(where: { $0.lot.id == lotID }) else { return nil }
            let fills = forecast?.lots.first { $0.lotId == lotID }.map(Self.fillsSoon)
            return (
                AlertObservation(
                    available: entry.status.available, freshness: freshness,
                    closed: entry.status.label.known == .closed, fillsSoon: fills),
                korean ? entry.lot.nameKo : entry.lot.nameEn, entry.status.observedAt, simulated
            )
        }
        let lots = values.parking.lots
        let closed = !lots.isEmpty && lots.allSatisfy { $0.status.label.known == .closed }
        let newest = lots.compactMap(\.status.observedAt).max()
        return (
            AlertObservation(
                available: values.parking.totalAvailable, freshness: freshness, closed: closed,
                fillsSoon: forecast.map { Self.fillsSoon($0.park) }),
            korean ? park.nameKo : park.nameEn, newest, simulated
        )
    }

    /// Whether a forecast gives no space a risk above ``AlertRule/fillRisk`` within the hour.
    static func fillsSoon(_ forecast: ParkingForecast) -> Bool {
        forecast.points.contains {
            $0.minutesAhead <= AlertRule.fillHorizonMinutes && $0.riskOfNoSpace >= AlertRule.fillRisk
        }
    }
}
