import Localization
import Models

/// What the status line says after an action; the screens put it into words in the user's language.
public enum AppMessage: Sendable, Equatable {
    case favoriteAdded(ParkID)
    case favoriteRemoved(ParkID)
    case widgetSet(ParkID)
    /// Refreshing failed; the last values are shown marked stale.
    case showingStale(reason: Reason)
    /// Refreshing failed and nothing was kept.
    case unavailable(reason: Reason)
    /// Saving settings or snapshots failed.
    case saveFailed(reason: Reason)
    case refreshedAll(parks: Int, milliseconds: Int)
    /// A directions link, opened or to be opened by hand.
    case directions(url: String, opened: Bool)
    case openedLink(String)
    /// The QR code shows the route, since no page of this screen can be opened on a phone; the reason says why.
    case noPageLink(reason: Reason)
    case badLink(String)
}
