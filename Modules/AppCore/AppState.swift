import Foundation
import Localization
import Models
import Repositories
import Storage

/// The tabs of the full-screen app, in key order (1-5).
public enum AppTab: String, Sendable, CaseIterable, Codable {
    case home, parking, forecast, outing, parks, go

    /// The tab a deep link's screen opens.
    public init(_ screen: Screen) {
        switch screen {
        case .home: self = .home
        case .parking: self = .parking
        case .forecast: self = .forecast
        case .outing: self = .outing
        }
    }

    /// The deep-link screen of this tab (the parks list links to the park's home).
    public var screen: Screen {
        switch self {
        case .home, .parks: .home
        // Where to go spans every park; its link is the viewed park's parking screen.
        case .parking, .go: .parking
        case .forecast: .forecast
        case .outing: .outing
        }
    }
}

/// How the parking screen orders lots.
public enum LotOrder: String, Sendable, CaseIterable {
    case recommendation, distance
}

/// What the app knows about one park: its last home summary and how far to trust it.
public struct ParkState: Sendable {
    /// The last summary, with where it came from and whether it is current; nil before anything was loaded.
    public var summary: Loaded<HomeSummary>?
    /// A refresh is running.
    public var loading = false
    /// The park's whole outing, once the outing tab asked for it.
    public var outing: Loaded<OutingResponse>?
    /// Why there is nothing to show, when `summary` is nil and loading failed.
    public var unavailableReason: Reason?

    public init(summary: Loaded<HomeSummary>? = nil) {
        self.summary = summary
    }
}

/// Screen state only: which park is viewed, what is loading, what can be shown. It knows nothing of HTTP or SQL.
public struct AppState: Sendable {
    public var tab: AppTab = .home
    /// The park on screen.
    public var parkId: ParkID
    /// Every park's last value.
    public var parks: [ParkID: ParkState] = [:]
    /// The parks list with live totals.
    public var parksList: Loaded<ParksResponse>?
    public var parksListLoading = false
    /// Favourites, widget parks and home position, as saved.
    public var settings: Settings
    /// The lot focused by a deep link or on the forecast screen; nil is the park total.
    public var focusedLot: LotID?
    public var lotOrder: LotOrder = .recommendation
    /// Every lot's forecast for the go tab ("where to go now"), once it was asked for.
    public var lotForecasts: Loaded<LotForecastsResponse>?
    public var lotForecastsLoading = false
    /// Why the go tab has nothing to show, when `lotForecasts` is nil and loading failed.
    public var lotForecastsFailure: Reason?
    /// The arrival the go tab ranks for, in minutes from now; nil is the drive from the saved home position (or
    /// half an hour without one: ``ArrivalRanking/Arrival/chosen(minutes:home:)``).
    public var arrivalMinutes: Int?
    /// The highlighted row of the parks list.
    public var parksCursor = 0
    public var showHelp = false
    /// A QR code over the screen for a phone to scan: the directions to a lot, or the page of the screen on view; nil
    /// when none is shown.
    public var handoffCode: HandoffCode?
    /// Where a phone can open the screen on view, once learned (``AppStore/learnPageAddress()``).
    public var pageAddress: PageAddress?
    /// A one-line message for the status line (what just happened, or what went wrong).
    public var message: AppMessage?
    /// Where the data comes from, for the "simulated" label.
    public var simulatedBackend: Bool

    /// How far `+` and `-` move the go tab's arrival.
    public static let arrivalStepMinutes = 10

    public init(parkId: ParkID, settings: Settings, simulatedBackend: Bool) {
        self.parkId = parkId
        self.settings = settings
        self.simulatedBackend = simulatedBackend
    }

    /// The viewed park's state.
    public var current: ParkState { parks[parkId] ?? ParkState() }

    /// Whether the viewed park is a favourite.
    public var isFavorite: Bool { settings.favorites.contains(parkId) }

    /// The parks in list order: nearest first when a home is set, else west to east.
    public func parksInListOrder(_ catalog: Catalog) -> [Park] {
        guard let home = settings.home else { return catalog.parksWestToEast }
        return catalog.parks.sorted { $0.coordinate.distance(to: home) < $1.coordinate.distance(to: home) }
    }
}
