import Foundation
import Models

/// The values the web front renders, read through the same response caches the /v2 routes serve from, so a page and
/// `GET /v2/parks/{park}/home-summary` at the same moment show the same value.
extension ReferenceBackend {
    /// A park's home summary, as `/v2/parks/{park}/home-summary` serves it, with that body's ETag; nil for an
    /// unknown park or while nothing could be built yet.
    public func homeSummary(for id: ParkID) async -> (value: HomeSummary, etag: String)? {
        guard let park = catalog.park(id) else { return nil }
        await collectOnDemand(park: id)
        let now = configuration.now()
        let snapshot = collector.snapshot(park.id)
        guard
            let entry = homeCache.entry(
                key: Self.cacheKey("home", park.id), version: snapshot.version, now: now,
                build: {
                    builder.homeSummary(park: park, snapshot: snapshot, now: now)
                })
        else { return nil }
        return (entry.value, entry.response.etag)
    }

    /// The first moment after `now` at which one of the sources is read again (by its cadence from its last
    /// observation); a minute from now when none says.
    public static func nextRead(_ freshness: Freshness, now: Date) -> Date {
        freshness.sources.compactMap { status -> Date? in
            guard let kind = SourceKind(status.source), let observed = status.observedAt else { return nil }
            return observed.addingTimeInterval(TimeInterval(kind.cadence.components.seconds))
        }.filter { $0 > now }.min() ?? now.addingTimeInterval(60)
    }

    /// The parks list, as `/v2/parks` serves it.
    public func parksList() async -> ParksResponse? {
        await collectOnDemand(park: nil)
        return parksEntry(now: configuration.now())?.value
    }

    /// The parks list through its cache: built only when the hot cache misses.
    func parksEntry(now: Date) -> (value: ParksResponse, response: EncodedResponse)? {
        let snapshots = catalog.parks.map { collector.snapshot($0.id) }
        return parksCache.entry(key: "parks", version: snapshots.map(\.version).reduce(0, +), now: now) {
            ParksResponse(
                parks: zip(catalog.parks, snapshots).map { builder.listItem(park: $0, snapshot: $1, now: now) },
                generatedAt: snapshots.map(\.updatedAt).max() ?? now)
        }
    }

    /// An embedded backend reads a park only when asked (at most once per its interval); a server collects anyway.
    func collectOnDemand(park: ParkID?) async {
        guard let interval = configuration.onDemandInterval else { return }
        if let park {
            await collector.collectIfDue(park, interval: interval, backfillDays: configuration.backfillDays)
        } else {
            await collector.collectListIfDue(interval: interval)
        }
    }

    /// The response caches' key of one park's response of one kind (`home/banpo`).
    static func cacheKey(_ kind: String, _ park: ParkID) -> String { kind + "/" + park.rawValue }
}
