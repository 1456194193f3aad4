import AppCore
import ArgumentParser
import Foundation
import Localization
import Models
import Repositories
import ScreenRows

extension GoCommand {
    /// Checks between two looks at the forecast while a trip is watched.
    static let tripPoll: Duration = .seconds(60)

    /// `hangangjari go LOT --leave now`: the arrival at `lot` (the minutes said, or the rough drive to it), then its
    /// forecast at that arrival checked until then through the one ``AlertRule``; once it falls under the margin,
    /// one alert (printed, and on the desktop) naming the best other lot, and the watch ends. Nothing leaves this
    /// machine but the request for every lot's forecast.
    func leave(
        for lot: ParkingLot, arrival: GoScreen.Arrival, environment: AppEnvironment, ctx: ScreenContext,
        context: CommandContext
    ) async throws {
        let l = ctx.l
        let name = ctx.name(lot)
        let first = await Self.look(environment, refresh: refresh)
        let start = environment.now()
        let candidates = GoScreen.candidates(first.loaded?.value, arrival: arrival, catalog: ctx.catalog, now: start)
        guard let planned = candidates.first(where: { $0.lot.id == lot.id }) else {
            let at = start.addingTimeInterval(TimeInterval((arrival.minutes ?? 0) * 60))
            context.printError([l(.goTripCloses, name, ctx.clock(at))])
            throw ExitCode.failure
        }
        if case .closed(let opens) = planned.standing {
            context.printError([
                l(.goTripClosed, name, ctx.clock(planned.arrival), opens.map(ctx.clock) ?? l(.valueUnknown))
            ])
            throw ExitCode.failure
        }
        let margin = self.margin ?? AlertCondition.defaultThreshold(capacity: lot.capacity)
        context.print(l(.goTripWatching, name, ctx.clock(planned.arrival), l.duration(minutes: planned.etaMinutes)))
        var look = first
        var known = true
        // Why the lot was last said to be unknown; nil while it is known, so each turn to unknown is said once.
        var saidUnknown: String?
        while true {
            let now = environment.now()
            guard now < planned.arrival else {
                context.print(l(known ? .goTripArrived : .goTripArrivedUnknown, ctx.clock(planned.arrival)))
                return
            }
            // A stale answer is no forecast: the lot is then unknown, and nothing is decided on it.
            let answer = look.loaded.flatMap { $0.trust == .current ? $0.value : nil }
            let (ranked, mine) = ArrivalRanking.trip(
                to: lot.id, arrivingAt: planned.arrival, answer, catalog: ctx.catalog, now: now)
            known = mine?.estimate != nil
            if let mine, mine.open, !known {
                let why = GoScreen.reason(mine, ctx)
                if why != saidUnknown {
                    context.print(l(.goTripUnknownNow, ctx.clock(now), name, why))
                    if let problem = look.problem { context.printError([l(.goTripRefreshFailed, problem.text(l))]) }
                }
                saidUnknown = why
            } else {
                saidUnknown = nil
            }
            if let mine,
                case .notify = AlertRule.decide(
                    AlertObservation(arrivingAt: mine), AlertCondition(threshold: margin), armed: true, now: now),
                let spaces = mine.estimate?.p50
            {
                let other = ArrivalRanking.alternative(to: lot.id, in: ranked, margin: margin)
                let words = l.tripAlert(
                    lot: name, spaces: spaces, arrival: planned.arrival, margin: margin,
                    alternative: other.flatMap { candidate in
                        candidate.estimate.map { (ctx.name(candidate.lot), $0.p50, candidate.arrival) }
                    })
                context.print(words.title, words.body)
                if let problem = context.notify(words.title, words.body, context.environment) {
                    context.printError([l(.goTripNotShown, problem.text(l))])
                }
                return
            }
            try await context.sleep(min(Self.tripPoll, .seconds(planned.arrival.timeIntervalSince(now))))
            look = await Self.look(environment, refresh: true)
        }
    }

    /// One look at every lot's forecast: the answer, and why it is not current when it is not (the refresh failed,
    /// and the cached answer, if any, is stale).
    static func look(_ environment: AppEnvironment, refresh: Bool) async -> (
        loaded: Loaded<LotForecastsResponse>?, problem: Reason?
    ) {
        do {
            let loaded = try await environment.loadLotForecasts(refresh)
            if case .stale(let reason) = loaded.trust { return (loaded, reason) }
            return (loaded, nil)
        } catch {
            return (nil, Reason(error))
        }
    }
}
