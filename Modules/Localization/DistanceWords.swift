/// The one wording of a distance on every screen, in both languages: metres in steps of `metreStep` below
/// `kilometreFrom`, then kilometres to one decimal, a whole number without its `.0` ("850 m", "1 km", "1.2 km").
/// The pages' script formats a distance measured on the phone with these same numbers, which the page carries.
public enum DistanceWords {
    public static let metreStep = 10
    public static let kilometreFrom = 1000

    public static func text(meters: Double) -> String {
        let stepped = Int((meters / Double(metreStep)).rounded()) * metreStep
        if stepped < kilometreFrom { return "\(max(0, stepped)) m" }
        let tenths = Int((meters / Double(kilometreFrom / 10)).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10) km" : "\(tenths / 10).\(tenths % 10) km"
    }
}
