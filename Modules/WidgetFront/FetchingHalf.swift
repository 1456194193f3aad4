/// The widget's fetching half: `hangangjari` itself, started under another name.
///
/// `hangangjari-widget` execs it when it has no fresh snapshot; `hangangjari` reads its `argv[0]` and becomes the
/// full widget command. One binary carries the backend stack, so an install holds it once.
public enum FetchingHalf {
    /// The binary installed beside `hangangjari-widget`.
    public static let binary = "hangangjari"
    /// The name (`argv[0]`, or an installed link) under which `hangangjari` is the widget's fetching half.
    public static let invocationName = "hangangjari-widget-fetch"

    /// Whether a process started as `argument0` is the fetching half.
    public static func isInvoked(as argument0: String?) -> Bool {
        argument0?.split(separator: "/").last.map(String.init) == invocationName
    }
}
