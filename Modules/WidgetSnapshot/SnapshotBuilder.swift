import FoundationEssentials
import Models
import ValueWording

/// Builds both widget snapshots from one `HomeSummary`: one state, many readers.
public enum SnapshotBuilder {
    /// The snapshot of `kind` for the summary's park, built at `now`.
    public static func build(_ kind: WidgetKind, from summary: HomeSummary, now: Date) -> WidgetSnapshot {
        let screen: Screen = kind == .parking ? .parking : .outing
        return WidgetSnapshot(
            format: WidgetSnapshot.currentFormat, kind: kind, parkId: summary.park.id,
            parkNameKo: summary.park.shortNameKo, parkNameEn: summary.park.shortNameEn, builtAt: now,
            generatedAt: summary.generatedAt, freshness: .known(summary.freshness.overall(decidingOn: screen)),
            simulated: summary.freshness.isSimulated,
            deepLink: DeepLink(parkId: summary.park.id, screen: screen).description,
            parking: kind == .parking ? parking(summary, now: now) : nil,
            general: kind == .general ? general(summary, now: now) : nil)
    }

    /// The go snapshot of every lot's forecast, built at `now`. Its park is the one the widget was asked for (the
    /// ranking names its own); its freshness is the best of the parks' parking states, since a stale park only makes
    /// its own lots unknown.
    public static func go(_ answer: LotForecastsResponse, park: ParkID, now: Date) -> WidgetSnapshot {
        let names = Catalog.bundled.park(park)
        let states = answer.parks.map { $0.freshness.overall(decidingOn: .parking) }
        let best: FreshnessState =
            states.contains(.fresh) ? .fresh : states.contains(.stale) ? .stale : .unavailable
        return WidgetSnapshot(
            format: WidgetSnapshot.currentFormat, kind: .go, parkId: park,
            parkNameKo: names?.shortNameKo ?? park.rawValue, parkNameEn: names?.shortNameEn ?? park.rawValue,
            builtAt: now, generatedAt: answer.generatedAt, freshness: .known(best),
            simulated: answer.parks.contains { $0.freshness.isSimulated },
            deepLink: DeepLink(parkId: park, screen: .parking).description, go: .init(answer: answer))
    }

    static func parking(_ summary: HomeSummary, now: Date) -> WidgetSnapshot.ParkingPart {
        let aggregate = summary.parking
        let recommended = aggregate.recommended
        let lot = aggregate.lots.first { $0.lot.id == recommended?.lotId }
        let hint = recommended.flatMap { r in
            summary.forecast.lots.first { $0.lotId == r.lotId }?.point(minutesAhead: 30)
        }
        let closure = aggregate.closure(at: now)
        // Closed, or closing before the 30-minute hint: the forecast for the next opening.
        let opening = closure == nil && hint != nil ? nil : summary.forecast.park.opening
        return WidgetSnapshot.ParkingPart(
            lotId: lot?.lot.id, lotNameKo: lot?.lot.nameKo, lotNameEn: lot?.lot.nameEn, reason: recommended?.reason,
            available: lot?.status.available, capacity: lot?.status.capacity, label: lot?.status.label,
            observedAt: lot?.status.observedAt,
            totalAvailable: aggregate.totalAvailable, totalCapacity: aggregate.totalCapacity,
            forecast: hint.map {
                .init(
                    minutesAhead: $0.minutesAhead, p10: $0.p10, p50: $0.p50, p90: $0.p90,
                    riskOfNoSpace: $0.riskOfNoSpace)
            },
            lots: aggregate.lots.map {
                .init(
                    lotId: $0.lot.id, nameKo: $0.lot.nameKo, nameEn: $0.lot.nameEn, available: $0.status.available,
                    capacity: $0.status.capacity)
            },
            closed: closure == nil ? nil : true, opensAt: closure?.opensAt,
            opening: opening.map { .init(at: $0.at, p10: $0.p10, p50: $0.p50, p90: $0.p90) })
    }

    static func general(_ summary: HomeSummary, now: Date) -> WidgetSnapshot.GeneralPart {
        let signals = summary.outing.signals
        let closures = signals.notices.filter { $0.kind == .known(.closure) }.count
        return WidgetSnapshot.GeneralPart(
            crowd: signals.crowd?.level, crowdTrend: signals.crowd?.trend, temperatureC: signals.weather?.temperatureC,
            precipitation: signals.weather?.precipitation, air: signals.weather?.air,
            events: signals.events.map(\.title),
            closures: closures, verdict: Verdict.judge(summary, now: now))
    }
}
