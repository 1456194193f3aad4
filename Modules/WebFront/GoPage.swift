import Foundation
import Localization
import Models
import Repositories
import ScreenRows
import ValueWording

/// `/go`: where to park when you arrive, every park's lots ranked for an arrival in `?in=` minutes (half an hour by
/// default), each with its chance, its reason in `hangangjari go`'s words and the map apps' car directions. The page
/// asks for the minutes with a form that needs no script; the server is told no position. With a script and push,
/// "I'm going" has the server watch a lot until the arrival (`arriveAt`) and tell once if it looks full by then.
enum GoPage {
    /// Lots listed: the best ones, as the full-screen app's go tab.
    static let listed = 10

    /// The minutes `?in=` names (absent or empty: the default), or the text refused.
    static func minutes(_ text: String?) -> Result<Int, Refused> {
        guard let text, !text.isEmpty else { return .success(ArrivalRanking.Arrival.defaultMinutes) }
        guard let minutes = Int(text), (0...ArrivalRanking.reachMinutes).contains(minutes) else {
            return .failure(Refused(text: String(text.prefix(16))))
        }
        return .success(minutes)
    }

    /// An arrival that is not a whole number of minutes within the forecast's reach.
    struct Refused: Error {
        var text: String
    }

    /// The ranked lots of `answer` as `hangangjari go --in MINUTES` prints them (what curl gets).
    static func lines(_ answer: LotForecastsResponse, minutes: Int, _ scope: PageScope) -> [Line] {
        let loaded = Loaded(value: answer, origin: .network, trust: .current, fetchedAt: scope.ctx.now)
        let candidates = GoScreen.candidates(
            answer, arrival: .inMinutes(minutes), catalog: scope.ctx.catalog, now: scope.ctx.now)
        return GoScreen.lines(
            candidates, loaded: loaded, arrival: .inMinutes(minutes), limit: GoScreen.shownByDefault, scope.ctx)
    }

    /// The page: the form, then the ranked lots (none when `answer` is nil or the minutes were refused).
    static func values(_ answer: LotForecastsResponse?, minutes: Result<Int, Refused>, _ scope: PageScope)
        -> [String: Any]
    {
        let l = scope.l
        let title = l(.goTitle)
        var page = scope.chrome(title: title + " · " + l(.appTitle), heading: title, path: PageRoute.go.routerPath)
        page["tabs"] = [
            ["name": l(.tabParks), "href": scope.href(PageRoute.parkList.routerPath), "current": false],
            ["name": l(.tabGo), "href": scope.href(PageRoute.go.routerPath), "current": true],
        ]
        var go: [String: Any] = [
            "action": PageRoute.go.routerPath, "parameter": PageRoute.arrivalParameter, "inLabel": l(.webGoInLabel),
            "reach": ArrivalRanking.reachMinutes, "submit": l(.webGoSubmit),
            "minutes": (try? minutes.get()) ?? ArrivalRanking.Arrival.defaultMinutes,
            "candidates": [[String: Any]](),
        ]
        if scope.request.explicitLanguage { go["lang"] = scope.request.language.rawValue }
        switch minutes {
        case .failure(let refused):
            go["error"] = l(.webGoInInvalid, refused.text, "\(ArrivalRanking.reachMinutes)")
        case .success(let minutes):
            guard let answer else {
                go["none"] = l(.stateUnavailable)
                break
            }
            let ctx = scope.ctx
            let at = ctx.now.addingTimeInterval(TimeInterval(minutes * 60))
            go["header"] = l(.goHeaderIn, ctx.clock(at), l.duration(minutes: minutes))
            go["made"] = l(.goForecastsMade, ctx.observed(answer.generatedAt), ctx.age(answer.generatedAt))
            let candidates = GoScreen.candidates(
                answer, arrival: .inMinutes(minutes), catalog: ctx.catalog, now: ctx.now)
            go["candidates"] = candidates.prefix(listed).enumerated().map { index, candidate in
                candidateValues(index + 1, candidate, scope)
            }
            if candidates.isEmpty { go["none"] = l(.goNoLots) }
            go["drive"] = ["label": l(.webGoByDrive), "data": driveData(answer, scope)]
            go["tripDenied"] = l(.webAlertsDenied)
            go["tripFailed"] = l(.webAlertsFailed, "%@")
            go["tripOff"] = l(.webAlertsNotOffered)
            page["asOf"] = l(.webAsOf, ctx.clock(answer.generatedAt))
            page["generated"] = ISO8601.format(answer.generatedAt)
        }
        page["go"] = go
        return page
    }

    /// One lot: its rank and name, its chance of a space (never a number when unknown), its reason, its directions.
    static func candidateValues(_ rank: Int, _ candidate: ArrivalCandidate, _ scope: PageScope) -> [String: Any] {
        let ctx = scope.ctx
        var values: [String: Any] = [
            "rank": rank, "id": candidate.lot.id.rawValue, "name": ctx.name(candidate.lot),
            "reason": GoScreen.reason(candidate, ctx), "reasonClass": candidate.estimate == nil ? "dim" : "",
            "maps": PhoneDirections.links(to: candidate.lot, scope),
        ]
        // "I'm going" for a lot open at arrival: the server watches it until then (the script shows the button
        // where the browser can push).
        if candidate.open {
            values["trip"] = [
                "lot": candidate.lot.id.rawValue,
                "threshold": AlertCondition.defaultThreshold(capacity: candidate.lot.capacity),
                "arrive": ISO8601.format(candidate.arrival), "going": scope.l(.webGoGoing),
                "on": scope.l(.webGoTripOn, ctx.name(candidate.lot), ctx.clock(candidate.arrival)),
            ]
        }
        if let chance = candidate.chanceOfSpace {
            values["chance"] = scope.l(.goChanceOfSpace, "\(ArrivalWords.percent(chance))")
            values["chanceClass"] = chance >= 0.8 ? "green" : chance >= 0.5 ? "yellow" : "red"
        }
        return values
    }
}
