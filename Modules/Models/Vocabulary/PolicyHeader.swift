/// The `Hangangjari-Policy` response header, by which every response tells the client the current runtime policy.
public enum PolicyHeader {
    public static let name = "Hangangjari-Policy"

    /// `unsigned-reads=allow` or `unsigned-reads=deny`.
    public static func value(unsignedReadsAllowed: Bool) -> String {
        "unsigned-reads=\(unsignedReadsAllowed ? "allow" : "deny")"
    }

    /// Whether unsigned reads are allowed, or nil when the header is absent or unreadable.
    public static func unsignedReadsAllowed(in value: String?) -> Bool? {
        guard let value else { return nil }
        for part in value.split(separator: ",") {
            let kv = part.split(separator: "=").map { $0.trimmingSpaces }
            if kv.count == 2, kv[0] == "unsigned-reads" {
                return kv[1] == "allow" ? true : kv[1] == "deny" ? false : nil
            }
        }
        return nil
    }
}
