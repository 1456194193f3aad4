import Foundation
import Models
import ServerSources

/// Builds the /v2 responses of a park from its collected values. Pure: no I/O, no clock of its own.
public struct SummaryBuilder: Sendable {
    public let catalog: Catalog
    /// The data source, for its name, whether it is simulated and its known lag.
    public let source: any ParkDataSource

    public init(catalog: Catalog, source: any ParkDataSource) {
        self.catalog = catalog
        self.source = source
    }

    /// The home summary of a park at `now`.
    public func homeSummary(park: Park, collected: CollectedPark, now: Date) -> HomeSummary {
        let forecast = forecastOverview(park: park, collected: collected, now: now)
        return HomeSummary(
            park: park, parking: parking(park: park, collected: collected, forecast: forecast, now: now),
            forecast: forecast,
            outing: outing(park: park, collected: collected, now: now, brief: true), generatedAt: collected.updatedAt,
            freshness: Freshness(sources: statuses(collected, now: now)))
    }

    /// Every source's status, plus the forecaster and the (simulated) facility directory.
    func statuses(_ collected: CollectedPark, now: Date) -> [SourceStatus] {
        collected.statuses(source: source, now: now)
    }

    /// The statuses of some kinds of source only.
    func statuses(_ collected: CollectedPark, now: Date, of kinds: Set<SourceKind>) -> [SourceStatus] {
        statuses(collected, now: now).filter { SourceKind($0.source).map(kinds.contains) ?? false }
    }

    public func parking(park: Park, collected: CollectedPark, forecast: ForecastOverview, now: Date) -> ParkingAggregate
    {
        let minute = SeoulTime(now).minuteOfDay
        let readings = collected.parking.value?.readings ?? []
        let closedByNotice = Set(
            (collected.bulletins.value?.notices ?? []).filter { $0.kind == .known(.closure) }.flatMap(\.lotIds))
        let lots = catalog.lots(in: park.id).map { lot -> LotWithStatus in
            let reading = readings.first { $0.lotId == lot.id }
            let open = lot.hours.isOpen(atMinuteOfDay: minute) && !closedByNotice.contains(lot.id)
            let available = open ? reading?.available : nil
            // Free spaces and capacity from the same count (the source decides the capacity a count is out of); the
            // lot's own capacity when there is no count.
            let capacity = reading?.available != nil ? (reading?.capacity ?? lot.capacity) : lot.capacity
            let shared = reading.flatMap { $0.sharedWith.isEmpty ? nil : $0.sharedWith }
            return LotWithStatus(
                lot: lot,
                status: LotStatus(
                    lotId: lot.id, available: available, capacity: capacity, observedAt: reading?.observedAt,
                    label: .known(LotStatus.label(available: available, capacity: capacity, isOpen: open)),
                    sharedWith: shared))
        }
        return ParkingAggregate(parkId: park.id, lots: lots, recommended: recommend(lots, forecast: forecast))
    }

    /// Picks the lot to suggest: best forecast 30 minutes ahead, else most free spaces now, else the largest.
    func recommend(_ lots: [LotWithStatus], forecast: ForecastOverview) -> Recommendation? {
        let open = lots.filter { $0.status.label != .known(.closed) }
        let live = open.filter { $0.status.available != nil }
        if live.count == 1, let only = live.first {
            return Recommendation(lotId: only.lot.id, reason: .known(.onlyLiveCount), available: only.status.available)
        }
        let withForecast = live.compactMap { lot -> (LotWithStatus, Int)? in
            forecast.lots.first { $0.lotId == lot.lot.id }?.point(minutesAhead: 30).map { (lot, $0.p50) }
        }
        if withForecast.count == live.count, let best = withForecast.max(by: { $0.1 < $1.1 }), best.1 > 0 {
            let mostNow = live.max { ($0.status.available ?? 0) < ($1.status.available ?? 0) }
            let reason: RecommendationReason = mostNow?.lot.id == best.0.lot.id ? .mostAvailable : .bestForecast
            return Recommendation(lotId: best.0.lot.id, reason: .known(reason), available: best.0.status.available)
        }
        if let best = live.max(by: { ($0.status.available ?? 0) < ($1.status.available ?? 0) }) {
            return Recommendation(lotId: best.lot.id, reason: .known(.mostAvailable), available: best.status.available)
        }
        if let largest = open.max(by: { $0.lot.capacity < $1.lot.capacity }) {
            return Recommendation(lotId: largest.lot.id, reason: .known(.largestCapacity), available: nil)
        }
        return nil
    }

    /// The park's forecast, each lot's points during road works at its entrance giving them as a reason (the
    /// numbers stay the forecaster's: no history says what a road work does to a lot).
    public func forecastOverview(park: Park, collected: CollectedPark, now: Date) -> ForecastOverview {
        var overview = plainForecast(park: park, collected: collected, now: now)
        let works = collected.roadControls.value?.lists.roadControls.filter { !$0.nearLotIds.isEmpty } ?? []
        guard !works.isEmpty else { return overview }
        for i in overview.lots.indices {
            guard let lot = overview.lots[i].lotId else { continue }
            let here = works.filter { $0.nearLotIds.contains(lot) }
            for j in overview.lots[i].points.indices {
                let at = overview.lots[i].points[j].at
                let during = here.contains {
                    ($0.since ?? .distantPast) <= at && at < ($0.expectedClear ?? .distantFuture)
                }
                if during, !overview.lots[i].points[j].reasons.contains(.known(.roadWorks)) {
                    overview.lots[i].points[j].reasons.append(.known(.roadWorks))
                }
            }
        }
        return overview
    }

    func plainForecast(park: Park, collected: CollectedPark, now: Date) -> ForecastOverview {
        collected.forecast
            ?? ForecastOverview(
                parkId: park.id, generatedAt: now, horizonMinutes: 180,
                park: ParkingForecast(lotId: nil, points: [], gap: .known(.noHistory)),
                lots: catalog.lots(in: park.id).map {
                    ParkingForecast(lotId: $0.id, points: [], gap: .known(.noHistory))
                },
                crowd: CrowdForecast(points: [], confidence: .known(.low), basis: .known(.baseline)))
    }

    /// The outing of a park; `brief` (inside the home summary) keeps of the way there only what the first
    /// screens show: the nearest few of each list, and road works near a lot.
    public func outing(park: Park, collected: CollectedPark, now: Date, brief: Bool = false) -> OutingSummary {
        let wayThere = brief ? collected.wayThere.brief(around: park.coordinate) : collected.wayThere
        let wayThereStatuses = collected.wayThereStatuses(source: source, now: now).filter {
            !brief || ($0.source.known.map(WayThere.briefKinds.contains) ?? false)
        }
        return OutingSummary(
            parkId: park.id,
            signals: OutingSignals(
                crowd: collected.crowd.value?.now, weather: collected.weather.value,
                events: collected.bulletins.value?.events ?? [], notices: collected.bulletins.value?.notices ?? [],
                roadTraffic: collected.roadTraffic),
            facilities: facilities(park: park, bikes: collected.wayThere.bikeStations),
            directions: Directions(transitHints: park.transitHints, carEntrances: catalog.lots(in: park.id).map(\.id)),
            sources: statuses(collected, now: now, of: [.crowd, .weather, .events])
                + wayThereStatuses + [facilitiesStatus],
            wayThere: wayThere)
    }

    /// Facilities only where a source gives positions: the 따릉이 stations are the bike facility; the other kinds
    /// are placeholders on a simulated source, and absent on a real one (no open source publishes them).
    func facilities(park: Park, bikes: [BikeStation]) -> [FacilityGroup] {
        let placeholders =
            source.simulated ? FacilityDirectory.groups(for: park).filter { $0.kind != .known(.bikeRental) } : []
        let located = bikes.compactMap { station in
            station.coordinate.map { FacilityLocation(name: PublicText(ko: station.name), coordinate: $0) }
        }
        let bikeGroup = FacilityGroup(kind: .known(.bikeRental), count: located.count, locations: located)
        return placeholders + (located.isEmpty ? [] : [bikeGroup])
    }

    /// The facility directory's row: placeholders on a simulated source; on a real one, no open source.
    var facilitiesStatus: SourceStatus {
        source.simulated
            ? SourceStatus(
                source: .known(.facilities), sourceName: "simulated facility directory", state: .known(.fresh),
                observedAt: nil, lastSuccessAt: nil, simulated: true, reason: SourceDetail(.placeholderPositions))
            : SourceStatus(
                source: .known(.facilities), sourceName: "facility directory", state: .known(.unavailable),
                observedAt: nil, lastSuccessAt: nil, simulated: false, reason: SourceDetail(.noOpenSource))
    }

    /// One row of the parks list.
    public func listItem(park: Park, collected: CollectedPark, now: Date) -> ParkListItem {
        let forecast = forecastOverview(park: park, collected: collected, now: now)
        let parking = parking(park: park, collected: collected, forecast: forecast, now: now)
        return ParkListItem(
            park: park, lots: catalog.lots(in: park.id), totalAvailable: parking.totalAvailable,
            totalCapacity: parking.totalCapacity, crowd: collected.crowd.value?.now.level,
            freshness: .known(Freshness(sources: statuses(collected, now: now)).overall))
    }
}
