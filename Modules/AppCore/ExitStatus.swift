/// Exit statuses of `hangangjari`, the same as the widget's where they mean the same thing.
public enum ExitStatus {
    /// Current values shown.
    public static let ok: Int32 = 0
    /// The last values shown, marked stale.
    public static let stale: Int32 = 3
    /// Nothing to show (the reason is on stderr).
    public static let unavailable: Int32 = 4
    /// Bad flags, an unknown park or a bad link.
    public static let usage: Int32 = 64
}
