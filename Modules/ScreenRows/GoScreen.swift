import AppCore
import Foundation
import Localization
import Models
import Repositories
import ValueWording

/// "Where to go now" (`hangangjari go`): the lots ranked by the chance of a space at arrival, each with its reason.
public enum GoScreen {
    /// When the person arrives (the one definition in `Models`).
    public typealias Arrival = ArrivalRanking.Arrival

    /// The go tab: the arrival chosen with `+` and `-`, else the drive from the saved home position, else in
    /// half an hour (``ArrivalRanking/Arrival/chosen(minutes:home:)``); the top lots for it, or why there are none.
    public static func tab(_ state: AppState, _ ctx: ScreenContext) -> [Line] {
        let arrival = Arrival.chosen(minutes: state.arrivalMinutes, home: state.settings.home)
        guard let loaded = state.lotForecasts else {
            if let reason = state.lotForecastsFailure { return [Line(ctx.l(.noDataYet, reason), .colored(.red))] }
            return [Line(ctx.l(.badgeLoading), .dim)]
        }
        let candidates = candidates(loaded.value, arrival: arrival, catalog: ctx.catalog, now: ctx.now)
        return lines(candidates, loaded: loaded, arrival: arrival, limit: tabRows, ctx)
    }

    /// Lots the go tab lists: what a 24-line terminal shows under its header.
    static let tabRows = 10
    /// Lots printed by `hangangjari go` without `--all` (and by `curl HOST/go`).
    public static let shownByDefault = 3

    /// The ranking for `arrival`, from `answer` (nil when none could be loaded).
    public static func candidates(
        _ answer: LotForecastsResponse?, arrival: Arrival, catalog: Catalog, now: Date
    ) -> [ArrivalCandidate] {
        ArrivalRanking.rank(answer, arrival: arrival, catalog: catalog, now: now)
    }

    /// The verdict on what the ranking shows: current when the answer is and at least one lot is known.
    public static func verdict(_ loaded: Loaded<LotForecastsResponse>?, _ candidates: [ArrivalCandidate])
        -> TrustVerdict
    {
        guard let loaded else { return .unavailable(reason: Reason(.reasonGoNoAnswer)) }
        if case .stale(let reason) = loaded.trust { return .stale(reason: reason) }
        guard candidates.contains(where: { $0.estimate != nil }) else {
            return .stale(reason: Reason(.reasonGoNothingKnown))
        }
        return .current
    }

    /// The printed screen: a header saying the arrival and the answer's age, then the top `limit` lots (all when nil).
    public static func lines(
        _ candidates: [ArrivalCandidate], loaded: Loaded<LotForecastsResponse>?, arrival: Arrival, limit: Int?,
        _ ctx: ScreenContext
    ) -> [Line] {
        var lines: [Line] = []
        switch arrival {
        case .inMinutes(let minutes):
            let at = ctx.now.addingTimeInterval(TimeInterval(minutes * 60))
            lines.append(Line(ctx.l(.goHeaderIn, ctx.clock(at), ctx.l.duration(minutes: minutes)), .bold))
        case .drive:
            lines.append(Line(ctx.l(.goHeaderDrive), .bold))
        }
        if let loaded {
            let made = loaded.value.generatedAt
            var note = ctx.l(.goForecastsMade, ctx.observed(made), ctx.age(made))
            if case .stale = loaded.trust { note += " · " + ctx.l(.stateStale) }
            lines.append(Line(note, .dim))
        }
        lines.append(.blank)
        let shown = limit.map { Array(candidates.prefix($0)) } ?? candidates
        for (index, candidate) in shown.enumerated() {
            lines.append(line(index + 1, candidate, arrival: arrival, ctx))
        }
        if shown.isEmpty { lines.append(Line(ctx.l(.goNoLots), .dim)) }
        return lines
    }

    /// One candidate: rank, lot and park, the drive, the chance of a space, the reason.
    static func line(_ rank: Int, _ candidate: ArrivalCandidate, arrival: Arrival, _ ctx: ScreenContext) -> Line {
        var spans = [Span("\(rank). ", .dim), Span(ctx.name(candidate.lot), .bold)]
        if arrival.minutes == nil {
            spans.append(Span(" · " + ctx.l(.goAboutMinutes, ctx.l.duration(minutes: candidate.etaMinutes))))
        }
        if let chance = candidate.chanceOfSpace {
            let percent = ArrivalWords.percent(chance)
            spans.append(
                Span(
                    " · " + ctx.l(.goChanceOfSpace, "\(percent)"),
                    chance >= 0.8 ? .colored(.green) : chance >= 0.5 ? .colored(.yellow) : .colored(.red)))
        }
        spans.append(Span(" · " + reason(candidate, ctx), candidate.estimate == nil ? .dim : .plain))
        return Line(spans)
    }

    /// Why the lot stands where it does, in words (``ArrivalWords``).
    public static func reason(_ candidate: ArrivalCandidate, _ ctx: ScreenContext) -> String {
        ArrivalWords.reason(candidate, ctx.l, clock: ctx.clock, observed: ctx.observed)
    }

    /// `--json`: `{"arrivalMinutes", "generatedAt", "candidates": [...]}`, the names scripts and status bars read.
    public static func json(
        _ candidates: [ArrivalCandidate], loaded: Loaded<LotForecastsResponse>?, arrival: Arrival, limit: Int?,
        _ ctx: ScreenContext
    ) throws -> Data {
        let shown = limit.map { Array(candidates.prefix($0)) } ?? candidates
        let verdict = verdict(loaded, candidates)
        let document = Document(
            arrivalMinutes: arrival.minutes, generatedAt: loaded?.value.generatedAt,
            trust: verdict.word, fetchedAt: loaded?.fetchedAt,
            candidates: shown.map { candidate in
                let estimate = candidate.estimate
                return Document.Candidate(
                    parkId: candidate.lot.parkId, lotId: candidate.lot.id, etaMinutes: candidate.etaMinutes,
                    arrivesAt: candidate.arrival, p10: estimate?.p10, p50: estimate?.p50, p90: estimate?.p90,
                    riskOfNoSpace: estimate?.riskOfNoSpace, open: candidate.open, known: estimate != nil,
                    reason: reason(candidate, ctx))
            })
        return try ContractCoding.encode(document)
    }

    struct Document: Encodable {
        struct Candidate: Encodable {
            var parkId: ParkID
            var lotId: LotID
            var etaMinutes: Int
            var arrivesAt: Date
            var p10: Int?
            var p50: Int?
            var p90: Int?
            var riskOfNoSpace: Double?
            var open: Bool
            /// Whether the chance of a space is known (nil numbers otherwise: never a made-up value).
            var known: Bool
            var reason: String

            enum CodingKeys: String, CodingKey {
                case parkId, lotId, etaMinutes, arrivesAt, p10, p50, p90, riskOfNoSpace, open, known, reason
            }

            // Unknown numbers are written as null, so every candidate has every name.
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: CodingKeys.self)
                try c.encode(parkId, forKey: .parkId)
                try c.encode(lotId, forKey: .lotId)
                try c.encode(etaMinutes, forKey: .etaMinutes)
                try c.encode(arrivesAt, forKey: .arrivesAt)
                try c.encode(p10, forKey: .p10)
                try c.encode(p50, forKey: .p50)
                try c.encode(p90, forKey: .p90)
                try c.encode(riskOfNoSpace, forKey: .riskOfNoSpace)
                try c.encode(open, forKey: .open)
                try c.encode(known, forKey: .known)
                try c.encode(reason, forKey: .reason)
            }
        }

        var arrivalMinutes: Int?
        var generatedAt: Date?
        /// `current`, `stale` or `unavailable`, as every `--json` says (and the exit status: 0, 3, 4).
        var trust: String
        var fetchedAt: Date?
        var candidates: [Candidate]

        enum CodingKeys: String, CodingKey { case arrivalMinutes, generatedAt, trust, fetchedAt, candidates }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(arrivalMinutes, forKey: .arrivalMinutes)
            try c.encode(generatedAt, forKey: .generatedAt)
            try c.encode(trust, forKey: .trust)
            try c.encodeIfPresent(fetchedAt, forKey: .fetchedAt)
            try c.encode(candidates, forKey: .candidates)
        }
    }
}
