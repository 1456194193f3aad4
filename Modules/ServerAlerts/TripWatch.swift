import Foundation
import Models
import ServerCollection
import ServerTrust

/// One watcher pass over the trips (subscriptions with an arrival): each lot's forecast at its person's arrival,
/// ranked among every lot for that arrival as `/v2/forecasts` serves them, goes through the one ``AlertRule``; a
/// crossing names the best other lot. Trips whose arrival has passed are collected in ``ended``.
struct TripWatch {
    let responses: ParkResponses
    let now: Date
    /// Every lot's forecasts, read once per pass and only when there is a trip.
    private var answer: LotForecastsResponse??
    /// Trips whose arrival has passed: to be removed.
    private(set) var ended: [String] = []

    init(responses: ParkResponses, now: Date) {
        self.responses = responses
        self.now = now
    }

    /// The crossing of one trip, if its lot is now forecast under its margin at arrival and it was not told yet.
    mutating func crossing(_ entry: WatchedSubscription, publicURL: PublicURL?) throws -> AlertCrossing? {
        let subscription = entry.subscription
        guard let arrival = subscription.arriveAt, let lotID = subscription.lotId else { return nil }
        guard arrival > now else {
            ended.append(entry.id)
            return nil
        }
        if answer == nil { answer = .some(responses.lotForecastsEntry(now: now)?.value) }
        guard let answer = answer ?? nil, let push = subscription.push else { return nil }
        let (ranked, mine) = ArrivalRanking.trip(
            to: lotID, arrivingAt: arrival, answer, catalog: responses.catalog, now: now)
        // A lot that closes before the person can park is left out of the ranking: nothing to watch.
        guard let mine else { return nil }
        let observation = AlertObservation(arrivingAt: mine)
        let condition = AlertCondition(
            threshold: subscription.threshold, quietFrom: subscription.quietFrom, quietUntil: subscription.quietUntil)
        guard case .notify(let trigger) = AlertRule.decide(observation, condition, armed: entry.armed, now: now)
        else { return nil }
        let alternative = ArrivalRanking.alternative(to: lotID, in: ranked, margin: subscription.threshold)
        let entryOfPark = answer.park(mine.lot.parkId)
        let message = AlertMessage.make(
            subscriptionId: entry.id, subscription: subscription,
            name: subscription.language == "ko" ? mine.lot.nameKo : mine.lot.nameEn, park: mine.lot.parkId,
            available: observation.available ?? 0,
            observedAt: entryOfPark?.status(lotID)?.observedAt ?? answer.generatedAt, trigger: trigger,
            simulated: entryOfPark?.freshness[.parking]?.simulated ?? false, publicURL: publicURL,
            alternative: alternative.flatMap { candidate in
                candidate.estimate.map {
                    AlertMessage.Alternative(lot: candidate.lot, spaces: $0.p50, arrival: candidate.arrival)
                }
            })
        return AlertCrossing(
            subscriptionId: entry.id, target: push, payload: try message.encoded(),
            topic: AlertMessage.topic(subscription), createdAt: now,
            // Past the arrival the news is of no use.
            expiresAt: min(now.addingTimeInterval(AlertWatcher.lifetime), arrival))
    }
}
