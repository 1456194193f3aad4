import Foundation
import Models

/// What the pages read from the backend, as values: the same summary and parks list the /v2 routes serve, and the
/// clock. The server hands these in; the web front never sees the backend itself.
public struct PageReads: Sendable {
    /// A park's home summary as `/v2/parks/{park}/home-summary` serves it now; nil when none can be built yet.
    public var home: @Sendable (ParkID) async -> ServedSummary?
    /// The parks list as `/v2/parks` serves it now.
    public var parks: @Sendable () async -> ParksResponse?
    /// A park's whole outing as `/v2/parks/{park}/outing` serves it now (the way there in full); nil when none.
    public var outing: @Sendable (ParkID) async -> OutingSummary?
    /// Every lot's forecast as `/v2/forecasts` serves it now, with that body's ETag; nil while none can be built.
    public var lotForecasts: @Sendable () async -> (value: LotForecastsResponse, etag: String)?
    /// The server's clock.
    public var now: @Sendable () -> Date
    public var catalog: Catalog

    public init(
        home: @escaping @Sendable (ParkID) async -> ServedSummary?,
        parks: @escaping @Sendable () async -> ParksResponse?, now: @escaping @Sendable () -> Date,
        catalog: Catalog = .bundled, outing: @escaping @Sendable (ParkID) async -> OutingSummary? = { _ in nil },
        lotForecasts: @escaping @Sendable () async -> (value: LotForecastsResponse, etag: String)? = { nil }
    ) {
        self.outing = outing
        self.lotForecasts = lotForecasts
        self.home = home
        self.parks = parks
        self.now = now
        self.catalog = catalog
    }
}

/// A summary with the ETag of the /v2 body it was encoded as (a page rendered from it is kept under that tag) and
/// when its sources are next read (an open page refreshes then; asked only when a page is rendered).
public struct ServedSummary: Sendable {
    public var value: HomeSummary
    public var etag: String
    public var nextRefresh: @Sendable () -> Date

    public init(value: HomeSummary, etag: String, nextRefresh: @escaping @Sendable () -> Date) {
        self.value = value
        self.etag = etag
        self.nextRefresh = nextRefresh
    }
}
