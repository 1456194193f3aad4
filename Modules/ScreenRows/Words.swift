import AppCore
import Localization

/// The tab bar's titles (screen chrome; the words for values are ``ValueWords``).
enum Words {
    static func tab(_ tab: AppTab) -> L10nKey {
        switch tab {
        case .home: .tabHome
        case .parking: .tabParking
        case .forecast: .tabForecast
        case .outing: .tabOuting
        case .parks: .tabParks
        case .go: .tabGo
        }
    }
}
