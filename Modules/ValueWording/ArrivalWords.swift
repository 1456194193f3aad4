import FoundationEssentials
import Localization
import Models

/// The words of a lot's standing at arrival, for `hangangjari go`, the go tab and the go widget alike.
public enum ArrivalWords {
    /// Why the lot stands where it does: "keeps about 120 at 15:25", "likely full by 15:10", "closed at 23:10, opens
    /// 06:00", or why its chance is unknown. `clock` writes a time of day, `observed` an observation time (a day when
    /// it was another day).
    public static func reason(
        _ candidate: ArrivalCandidate, _ l: Localizer, clock: (Date) -> String, observed: (Date) -> String
    ) -> String {
        switch candidate.standing {
        case .known(let estimate):
            if estimate.riskOfNoSpace >= ArrivalRanking.likelyFullRisk {
                return l(.goLikelyFullBy, clock(candidate.likelyFullAt ?? candidate.arrival))
            }
            return l(.goKeepsAbout, Localizer.grouped(estimate.p50), clock(candidate.arrival))
        case .closed(let opensAt):
            guard let opensAt else { return l(.goClosedAt, clock(candidate.arrival)) }
            return l(.goClosedOpens, clock(candidate.arrival), clock(opensAt))
        case .unknown(let why):
            switch why {
            case .stale(let at): return l(.goUnknownStale, at.map(observed) ?? "—")
            case .unavailable: return l(.goUnknownUnavailable)
            case .noAnswer: return l(.goUnknownNoAnswer)
            case .notInAnswer: return l(.goUnknownNotInAnswer)
            case .anotherDay(let made): return l(.goUnknownAnotherDay, observed(made))
            case .beyondReach: return l(.goUnknownBeyondReach)
            case .noForecast: return l(.goUnknownNoForecast)
            }
        }
    }

    /// The chance of a space as a whole percent, never 100: a forecast is not a promise.
    public static func percent(_ chance: Double) -> Int { min(99, Int((chance * 100).rounded())) }
}
