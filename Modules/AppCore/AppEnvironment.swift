import Foundation
import Localization
import Models
import Repositories
import Storage

/// Everything the app store reaches outside itself, as values: a live one over the backend session and the shared
/// container, and test values built from closures.
public struct AppEnvironment: Sendable {
    /// A park's cached summary without touching the network (the first paint); nil when none is cached.
    public var cachedSummary: @Sendable (ParkID) -> Loaded<HomeSummary>?
    /// A park's summary through the repository (cache, then network); `force` skips a current cache.
    public var loadSummary: @Sendable (_ park: ParkID, _ force: Bool) async throws -> Loaded<HomeSummary>
    /// A park's whole outing (the way there in full) through the repository; nil when it cannot be had, and the
    /// outing shows what the home summary carries.
    public var loadOuting: @Sendable (_ park: ParkID, _ force: Bool) async -> Loaded<OutingResponse>?
    /// Every lot's live count and forecast across the parks ("where to go now").
    public var loadLotForecasts: @Sendable (_ force: Bool) async throws -> Loaded<LotForecastsResponse>
    /// The parks list with live totals.
    public var loadParks: @Sendable (_ force: Bool) async throws -> Loaded<ParksResponse>
    /// The saved settings, and a warning when the file had to be moved aside.
    public var loadSettings: @Sendable () -> (settings: Settings, warning: Reason?)
    /// Changes the saved settings under their lock.
    public var updateSettings: @Sendable (_ change: @Sendable (inout Settings) -> Void) throws -> Settings
    /// Writes both widget snapshots of a summary fetched at the given time.
    public var writeSnapshots: @Sendable (HomeSummary, Date) throws -> Void
    /// Opens a web link on the desktop; false when there is no desktop to open it on.
    public var openURL: @Sendable (String) -> Bool
    /// Where a phone can open this deployment's pages, or why it cannot; `mayAsk` lets it ask the server when the
    /// last bootstrap did not tell (a printed command never waits on the network for it).
    public var pageAddress: @Sendable (_ mayAsk: Bool) async -> PageAddress
    public var now: @Sendable () -> Date

    public init(
        cachedSummary: @escaping @Sendable (ParkID) -> Loaded<HomeSummary>?,
        loadSummary: @escaping @Sendable (ParkID, Bool) async throws -> Loaded<HomeSummary>,
        loadParks: @escaping @Sendable (Bool) async throws -> Loaded<ParksResponse>,
        loadSettings: @escaping @Sendable () -> (settings: Settings, warning: Reason?),
        updateSettings: @escaping @Sendable (@Sendable (inout Settings) -> Void) throws -> Settings,
        writeSnapshots: @escaping @Sendable (HomeSummary, Date) throws -> Void,
        openURL: @escaping @Sendable (String) -> Bool = { _ in false },
        pageAddress: @escaping @Sendable (Bool) async -> PageAddress = { _ in .unavailable(Reason(.pageNoneEmbedded)) },
        now: @escaping @Sendable () -> Date = { Date() },
        loadOuting: @escaping @Sendable (ParkID, Bool) async -> Loaded<OutingResponse>? = { _, _ in nil },
        loadLotForecasts: @escaping @Sendable (Bool) async throws -> Loaded<LotForecastsResponse> = { _ in
            throw RepositoryUnavailable(reason: Reason(.reasonGoNoAnswer))
        }
    ) {
        self.loadOuting = loadOuting
        self.loadLotForecasts = loadLotForecasts
        self.cachedSummary = cachedSummary
        self.loadSummary = loadSummary
        self.loadParks = loadParks
        self.loadSettings = loadSettings
        self.updateSettings = updateSettings
        self.writeSnapshots = writeSnapshots
        self.openURL = openURL
        self.pageAddress = pageAddress
        self.now = now
    }
}
