/// A data source's stable id, as `SourceStatus.source` carries it. Open on the wire: a newer server's source
/// arrives as `.unknown` and is shown by its raw id.
public enum SourceID: String, ContractEnum, CaseIterable {
    case parking, crowd, weather, events, forecast, facilities
    /// The way-there sections of citydata (optional additions: older servers send none).
    case bikes, subway, buses, chargers
    case roadControls = "road_controls"

    /// The way-there sources, whose rows the outing carries and a park's freshness leaves out.
    public static let wayThere: Set<SourceID> = [.bikes, .subway, .buses, .chargers, .roadControls]
}
