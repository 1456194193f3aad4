import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// An IPv4 or IPv6 network in CIDR notation (`10.0.0.0/8`, `::1`, `fd00::/8`). IPv4-mapped IPv6 addresses
/// (`::ffff:127.0.0.1`, as a dual-stack socket reports IPv4 peers) match the IPv4 range.
public struct IPAddressRange: Sendable, Equatable, CustomStringConvertible {
    /// 16 bytes; IPv4 is stored IPv4-mapped.
    let network: [UInt8]
    let prefixLength: Int

    public struct Invalid: Error, CustomStringConvertible {
        public let text: String
        public var description: String { "'\(text)' is not an IP address or CIDR range (e.g. 10.0.0.0/8, ::1)" }
    }

    public init(_ text: String) throws(Invalid) {
        let parts = text.split(separator: " ").joined().split(separator: "/", maxSplits: 1).map(String.init)
        guard let first = parts.first, let bytes = Self.bytes(first) else { throw Invalid(text: text) }
        let isV4 = !first.contains(":")
        let maximum = isV4 ? 32 : 128
        var length = maximum
        if parts.count == 2 {
            guard let given = Int(parts[1]), (0...maximum).contains(given) else { throw Invalid(text: text) }
            length = given
        }
        prefixLength = isV4 ? length + 96 : length
        network = Self.masked(bytes, prefixLength)
        description = text
    }

    public let description: String

    /// Whether `address` (textual, as a socket reports it) lies in this range; false for anything unparsable.
    public func contains(_ address: String) -> Bool {
        guard let bytes = Self.bytes(address) else { return false }
        return Self.masked(bytes, prefixLength) == network
    }

    /// The address as 16 bytes (IPv4 mapped), nil when it is not an address.
    static func bytes(_ text: String) -> [UInt8]? {
        var v6 = in6_addr()
        if text.contains(":") {
            guard inet_pton(AF_INET6, text, &v6) == 1 else { return nil }
            return withUnsafeBytes(of: &v6) { Array($0) }
        }
        var v4 = in_addr()
        guard inet_pton(AF_INET, text, &v4) == 1 else { return nil }
        return [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF] + withUnsafeBytes(of: &v4) { Array($0) }
    }

    private static func masked(_ bytes: [UInt8], _ prefix: Int) -> [UInt8] {
        bytes.enumerated().map { index, byte in
            let kept = min(max(prefix - index * 8, 0), 8)
            return kept == 8 ? byte : byte & ~(UInt8(0xFF) >> kept)
        }
    }
}

extension IPAddressRange {
    /// Addresses that are not on the public internet: loopback, private, shared, link-local, unspecified,
    /// multicast and reserved ranges of IPv4 and IPv6.
    public static let nonPublic: [IPAddressRange] = [
        "0.0.0.0/8", "10.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8", "169.254.0.0/16", "172.16.0.0/12",
        "192.0.0.0/24", "192.168.0.0/16", "198.18.0.0/15", "224.0.0.0/4", "240.0.0.0/4", "::/128", "::1/128",
        "fc00::/7", "fe80::/10", "ff00::/8", "64:ff9b::/96",
    ].map { try! IPAddressRange($0) }

    /// Whether `text` is an IPv4 or IPv6 address.
    public static func isAddress(_ text: String) -> Bool { bytes(text) != nil }

    /// Whether `address` (textual) is a public internet address; false for anything unparsable.
    public static func isPublic(_ address: String) -> Bool {
        bytes(address) != nil && !nonPublic.contains { $0.contains(address) }
    }
}
