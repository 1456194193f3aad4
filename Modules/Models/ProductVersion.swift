/// The version every binary reports (`--version`), the client sends and the server's health shows: one constant.
public enum ProductVersion {
    public static let current = "0.2.0"
}
