/// Exit statuses of every binary, the app's printed commands and the widget alike: what a script or a status bar
/// reads from the same data is the same number. `TrustVerdict.exitStatus` picks among the first three.
public enum ExitStatus {
    /// Current values shown.
    public static let ok: Int32 = 0
    /// The last values shown, marked stale (the reason on stderr).
    public static let stale: Int32 = 3
    /// Nothing to show (the reason on stderr).
    public static let unavailable: Int32 = 4
    /// i3blocks' urgent block: the widget's `--urgent-below` and the recommended lot fell below it.
    public static let urgent: Int32 = 33
    /// Bad flags, an unknown park or a bad link.
    public static let usage: Int32 = 64
}
