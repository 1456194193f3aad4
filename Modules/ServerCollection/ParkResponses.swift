import Foundation
import Models
import ServerSources

/// Every park-data response the server gives, built from the collector's collected values through one hot cache per kind.
/// The /v2 routes and the web front read the same value here, so a page and `GET /v2/parks/{park}/home-summary`
/// at the same moment show the same value.
public final class ParkResponses: Sendable {
    /// The kinds of park-scoped response, each with its cache.
    public enum Kind: String, Sendable, CaseIterable {
        case home, parking, forecast, outing
    }

    public let catalog: Catalog
    public let collector: Collector
    public let builder: SummaryBuilder
    /// An embedded backend reads a park only when asked, at most once per this interval; nil: a server that collects
    /// on its own.
    public let onDemandInterval: TimeInterval?
    /// Days of simulated history an on-demand read backfills first.
    let backfillDays: Int
    let now: @Sendable () -> Date
    let home: ResponseCache<HomeSummary>
    let parking: ResponseCache<ParkingResponse>
    let forecast: ResponseCache<ForecastResponse>
    let outing: ResponseCache<OutingResponse>
    let parks: ResponseCache<ParksResponse>
    let lotForecasts: ResponseCache<LotForecastsResponse>

    public init(
        collector: Collector, builder: SummaryBuilder, hotCacheTTL: TimeInterval, onDemandInterval: TimeInterval?,
        backfillDays: Int, now: @escaping @Sendable () -> Date
    ) {
        catalog = collector.catalog
        self.collector = collector
        self.builder = builder
        self.onDemandInterval = onDemandInterval
        self.backfillDays = backfillDays
        self.now = now
        let lag: @Sendable (SourceKind) -> TimeInterval = { [source = builder.source] in source.expectedLag($0) }
        home = ResponseCache(ttl: hotCacheTTL, lag: lag)
        parking = ResponseCache(ttl: hotCacheTTL, lag: lag)
        forecast = ResponseCache(ttl: hotCacheTTL, lag: lag)
        outing = ResponseCache(ttl: hotCacheTTL, lag: lag)
        parks = ResponseCache(ttl: hotCacheTTL, lag: lag)
        lotForecasts = ResponseCache(ttl: hotCacheTTL, lag: lag)
    }

    /// One park's response of one kind through its cache; `failRebuild` makes the build fail (an injected fault), so
    /// the last good one is served. Nil while nothing could be built yet.
    public func encoded(_ kind: Kind, park: Park, now: Date, failRebuild: Bool = false) -> EncodedResponse? {
        // Each kind has its own cache, so the park's id is the key as it stands (no string built per request).
        let key = park.id.rawValue
        let version = collector.version(park.id)
        // The collected values are read only to build: a hit on the hot cache needs their version alone. A build that
        // reads values newer than `version` is stored under the older version and rebuilt at the next request.
        func build<Value>(_ make: (CollectedPark) -> Value) throws -> Value {
            if failRebuild { throw RebuildFailure() }
            return make(collector.collected(park.id))
        }
        switch kind {
        case .home:
            return home.response(key: key, version: version, now: now) {
                try build { self.builder.homeSummary(park: park, collected: $0, now: now) }
            }
        case .parking:
            return parking.response(key: key, version: version, now: now) {
                try build { self.parkingResponse(park: park, collected: $0, now: now) }
            }
        case .forecast:
            return forecast.response(key: key, version: version, now: now) {
                try build { collected in
                    ForecastResponse(
                        forecast: self.builder.forecastOverview(park: park, collected: collected, now: now),
                        freshness: Freshness(
                            sources: self.builder.statuses(collected, now: now, of: [.parking, .crowd])))
                }
            }
        case .outing:
            return outing.response(key: key, version: version, now: now) {
                try build { collected in
                    OutingResponse(
                        outing: self.builder.outing(park: park, collected: collected, now: now),
                        generatedAt: collected.updatedAt)
                }
            }
        }
    }

    /// The home summary through its cache, value and bytes: what the route serves and the page renders.
    private func homeEntry(_ park: Park, collected: CollectedPark, now: Date, failRebuild: Bool = false)
        -> (value: HomeSummary, response: EncodedResponse)?
    {
        home.entry(key: park.id.rawValue, version: collected.version, now: now) {
            if failRebuild { throw RebuildFailure() }
            return builder.homeSummary(park: park, collected: collected, now: now)
        }
    }

    /// A park's parking as `/v2/parks/{park}/parking` serves it for `collected` (the alert watcher reads the same values).
    public func parkingResponse(park: Park, collected: CollectedPark, now: Date) -> ParkingResponse {
        let forecast = builder.forecastOverview(park: park, collected: collected, now: now)
        return ParkingResponse(
            parking: builder.parking(park: park, collected: collected, forecast: forecast, now: now),
            generatedAt: collected.updatedAt,
            freshness: Freshness(sources: builder.statuses(collected, now: now, of: [.parking])))
    }

    /// A park's home summary, as `/v2/parks/{park}/home-summary` serves it, with that body's ETag; nil for an
    /// unknown park or while nothing could be built yet.
    public func homeSummary(for id: ParkID) async -> (value: HomeSummary, etag: String)? {
        guard let park = catalog.park(id) else { return nil }
        await collectIfAsked(park: id)
        let now = now()
        guard let entry = homeEntry(park, collected: collector.collected(park.id), now: now) else { return nil }
        return (entry.value, entry.response.etag)
    }

    /// A park's outing, as `/v2/parks/{park}/outing` serves it; nil for an unknown park or while nothing could be
    /// built yet.
    public func outingSummary(for id: ParkID) async -> OutingSummary? {
        guard let park = catalog.park(id) else { return nil }
        await collectIfAsked(park: id)
        let now = now()
        let collected = collector.collected(park.id)
        return outing.entry(key: park.id.rawValue, version: collected.version, now: now) {
            OutingResponse(
                outing: builder.outing(park: park, collected: collected, now: now), generatedAt: collected.updatedAt)
        }?.value.outing
    }

    /// The parks list, as `/v2/parks` serves it.
    public func parksList() async -> ParksResponse? {
        await collectIfAsked(park: nil)
        return parksEntry(now: now())?.value
    }

    /// The parks list through its cache: built only when the hot cache misses.
    public func parksEntry(now: Date) -> (value: ParksResponse, response: EncodedResponse)? {
        let collected = catalog.parks.map { collector.collected($0.id) }
        return parks.entry(key: "parks", version: collected.map(\.version).reduce(0, +), now: now) {
            ParksResponse(
                parks: zip(catalog.parks, collected).map { builder.listItem(park: $0, collected: $1, now: now) },
                generatedAt: collected.map(\.updatedAt).max() ?? now)
        }
    }

    /// Every lot's live count and forecast across the parks, as `/v2/forecasts` serves it: built only when the hot
    /// cache misses; `failRebuild` serves the last good one (aged), as for a park's responses.
    public func lotForecastsEntry(now: Date, failRebuild: Bool = false) -> (
        value: LotForecastsResponse, response: EncodedResponse
    )? {
        let collected = catalog.parks.map { collector.collected($0.id) }
        return lotForecasts.entry(key: "lots", version: collected.map(\.version).reduce(0, +), now: now) {
            if failRebuild { throw RebuildFailure() }
            return LotForecastsResponse(
                generatedAt: collected.map(\.updatedAt).max() ?? now, horizonMinutes: ArrivalRanking.reachMinutes,
                parks: zip(catalog.parks, collected).map { builder.lotForecasts(park: $0, collected: $1, now: now) })
        }
    }

    /// Every lot's forecasts, as `/v2/forecasts` serves them; nil while nothing could be built yet.
    public func lotForecastsAnswer() async -> LotForecastsResponse? {
        await lotForecastsServed()?.value
    }

    /// The same with the ETag of its body (a page rendered from it is kept under that tag).
    public func lotForecastsServed() async -> (value: LotForecastsResponse, etag: String)? {
        await collectEveryParkIfAsked()
        return lotForecastsEntry(now: now()).map { ($0.value, $0.response.etag) }
    }

    /// An embedded backend reads every park with its forecasts when asked for all the lots (at most once per its
    /// interval each); a server collects anyway.
    public func collectEveryParkIfAsked() async {
        guard let onDemandInterval else { return }
        await withTaskGroup(of: Void.self) { group in
            for park in catalog.parks {
                group.addTask {
                    await self.collector.collectIfDue(
                        park.id, interval: onDemandInterval, backfillDays: self.backfillDays)
                }
            }
        }
    }

    /// Every park's source states and the upstream budget, for `/v2/sources`.
    public func sources(now: Date) -> SourcesResponse {
        let entries = catalog.parks.map { park in
            let collected = collector.collected(park.id)
            return SourcesResponse.Entry(
                parkId: park.id,
                sources: builder.statuses(collected, now: now)
                    + collected.wayThereStatuses(source: collector.source, now: now))
        }
        return SourcesResponse(parks: entries, generatedAt: now, upstream: collector.source.upstreamUsage(at: now))
    }

    /// An embedded backend reads a park only when asked (at most once per its interval); a server collects anyway.
    public func collectIfAsked(park: ParkID?) async {
        guard let onDemandInterval else { return }
        if let park {
            await collector.collectIfDue(park, interval: onDemandInterval, backfillDays: backfillDays)
        } else {
            await collector.collectListIfDue(interval: onDemandInterval)
        }
    }

    /// The first moment after `now` at which one of the sources is read again (by its cadence from its last
    /// observation); a minute from now when none says.
    public static func nextRead(_ freshness: Freshness, now: Date) -> Date {
        freshness.sources.compactMap { status -> Date? in
            guard let kind = SourceKind(status.source), let observed = status.observedAt else { return nil }
            return observed.addingTimeInterval(TimeInterval(kind.cadence.components.seconds))
        }.filter { $0 > now }.min() ?? now.addingTimeInterval(60)
    }
}

/// An injected fault: building a response fails, so the last good one is served.
struct RebuildFailure: Error {}
