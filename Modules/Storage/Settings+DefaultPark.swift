import Models

extension Settings {
    /// The park shown when none is named, by the app at start and by the widget without its own setting: the first
    /// favourite, else the park nearest the home position (computed here; coordinates never leave the machine), else
    /// Yeouido.
    public func defaultPark(in catalog: Catalog) -> ParkID {
        if let favorite = favorites.first(where: { catalog.park($0) != nil }) { return favorite }
        if let home, let nearest = catalog.nearestPark(to: home) { return nearest.id }
        return "yeouido"
    }
}
