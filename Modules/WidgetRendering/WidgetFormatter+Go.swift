import FoundationEssentials
import Localization
import Models
import ValueWording
import WidgetSnapshot

/// The go widget's words: the lot most likely to have a space at the formatter's arrival, across every park.
extension WidgetFormatter {
    /// Lots the go widget's details list.
    static let goDetailRows = 3

    /// Every lot ranked for the formatter's arrival, best first; none without a snapshot. ``render(_:as:)`` ranks
    /// once into ``goRanked`` for every piece of the line.
    func ranking(_ entry: WidgetEntry) -> [ArrivalCandidate] {
        guard let answer = entry.snapshot?.go?.answer else { return [] }
        return ArrivalRanking.rank(answer, arrival: arrival, catalog: catalog, now: now)
    }

    /// The best lot when its chance of a space is known.
    var best: ArrivalCandidate? {
        goRanked.first.flatMap { $0.estimate == nil ? nil : $0 }
    }

    func lotName(_ lot: ParkingLot) -> String { language == .ko ? lot.nameKo : lot.nameEn }

    /// "→ Jamwon Lot 1 ~120 at 15:25": the best lot, its median spaces at arrival and the arrival; or why none.
    func goHeadline(_ entry: WidgetEntry) -> String {
        guard entry.snapshot != nil else { return "→ " + l(.widgetNoData) }
        guard let best, let estimate = best.estimate else {
            // At night every lot is closed at arrival: say when the first opens rather than that none is known.
            if !goRanked.isEmpty, !goRanked.contains(where: \.open),
                let opens = goRanked.compactMap({ if case .closed(let at) = $0.standing { at } else { nil } }).min()
            {
                return "→ " + l(.widgetGoAllClosed, Localizer.seoulClock(opens))
            }
            return "→ " + l(.widgetGoNothingKnown)
        }
        return l(
            .widgetGoHeadline, lotName(best.lot), Localizer.grouped(estimate.p50), Localizer.seoulClock(best.arrival))
    }

    /// The arrival, then the top lots each with its chance and reason, as `hangangjari go` says them.
    func goDetails(_ entry: WidgetEntry) -> [String] {
        guard entry.snapshot != nil else { return [] }
        var lines: [String] = []
        switch arrival {
        case .inMinutes(let minutes):
            let at = now.addingTimeInterval(TimeInterval(minutes * 60))
            lines.append(l(.goHeaderIn, Localizer.seoulClock(at), l.duration(minutes: minutes)))
        case .drive: lines.append(l(.goHeaderDrive))
        }
        for (index, candidate) in goRanked.prefix(Self.goDetailRows).enumerated() {
            var line = "\(index + 1). \(lotName(candidate.lot))"
            if arrival.minutes == nil { line += " · " + l(.goAboutMinutes, l.duration(minutes: candidate.etaMinutes)) }
            if let chance = candidate.chanceOfSpace {
                line += " · " + l(.goChanceOfSpace, "\(ArrivalWords.percent(chance))")
            }
            line +=
                " · "
                + ArrivalWords.reason(
                    candidate, l, clock: Localizer.seoulClock,
                    observed: { [now] in ValueWords.observed($0, now: now, clock: Localizer.seoulClock) })
            lines.append(line)
        }
        return lines
    }

    /// The best lot's page in the app (its park's parking screen, the lot focused).
    func goLink(_ entry: WidgetEntry) -> String? {
        guard let best = goRanked.first else { return nil }
        return DeepLink(parkId: best.lot.parkId, screen: .parking, lotId: best.lot.id).description
    }

    /// The status bar class of the best lot's chance: available (80% or more), caution (50% or more), full, or
    /// unknown.
    func goLabelClass(_ entry: WidgetEntry) -> String {
        guard let chance = best?.chanceOfSpace else { return "unknown" }
        return chance >= 0.8 ? "available" : chance >= 0.5 ? "caution" : "full"
    }
}
