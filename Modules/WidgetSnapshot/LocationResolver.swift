import Models
import Storage

/// Which park a widget shows: `--park`, else the widget's selected park, else the park the app starts on
/// (``Settings/defaultPark(in:)``: the first favourite, else the nearest to home, else Yeouido).
public enum LocationResolver {
    public static func resolve(explicit: ParkID?, kind: WidgetKind, settings: Settings, catalog: Catalog) -> ParkID {
        if let explicit { return explicit }
        if let chosen = settings.widgetParks[kind], catalog.park(chosen) != nil { return chosen }
        return settings.defaultPark(in: catalog)
    }
}
