import Models
import Storage

/// Which park a widget shows: `--park`, else the widget's selected park, else the first favourite, else the park
/// nearest the configured home (computed here; coordinates never leave the machine), else Yeouido.
public enum LocationResolver {
    /// Why the park was chosen.
    public enum Basis: String, Sendable {
        case explicit
        case widgetSetting = "widget_setting"
        case favorite
        case nearestHome = "nearest_home"
        case fallback
    }

    public static func resolve(explicit: ParkID?, kind: WidgetKind, settings: Settings, catalog: Catalog) -> (
        ParkID, Basis
    ) {
        if let explicit { return (explicit, .explicit) }
        if let chosen = settings.widgetParks[kind.rawValue], catalog.park(chosen) != nil {
            return (chosen, .widgetSetting)
        }
        if let favorite = settings.favorites.first(where: { catalog.park($0) != nil }) { return (favorite, .favorite) }
        if let home = settings.home, let nearest = catalog.nearestPark(to: home) { return (nearest.id, .nearestHome) }
        return ("yeouido", .fallback)
    }
}
