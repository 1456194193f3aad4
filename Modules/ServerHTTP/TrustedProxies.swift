import Foundation
import Models

/// The proxies whose `X-Forwarded-For` is believed. A request's client address is its peer address unless the peer
/// is one of these; then it is the right-most address in `X-Forwarded-For` that is not a trusted proxy (the last
/// hop a trusted proxy saw). Addresses a client wrote itself further left are never used.
public struct TrustedProxies: Sendable, Equatable {
    public var ranges: [IPAddressRange]

    public init(_ ranges: [IPAddressRange] = []) {
        self.ranges = ranges
    }

    /// Parses a comma- or space-separated list (`TRUSTED_PROXIES=127.0.0.1,10.0.0.0/8`).
    public init(parsing text: String) throws(IPAddressRange.Invalid) {
        var ranges: [IPAddressRange] = []
        for item in text.split(whereSeparator: { $0 == "," || $0 == " " }) where !item.isEmpty {
            ranges.append(try IPAddressRange(String(item)))
        }
        self.ranges = ranges
    }

    /// Nobody is trusted: `X-Forwarded-For` is ignored (the default).
    public static let none = TrustedProxies()

    public func trusts(_ address: String) -> Bool {
        ranges.contains { $0.contains(address) }
    }

    /// The client's address for rate limits and logs.
    public func clientAddress(peer: String, forwardedFor: String?) -> String {
        guard let forwardedFor, !ranges.isEmpty, trusts(peer) else { return peer }
        let hops = forwardedFor.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        for hop in hops.reversed() {
            guard IPAddressRange.isAddress(hop) else { return peer }  // garbage in the chain: trust nothing in it
            if !trusts(hop) { return hop }
        }
        return hops.first ?? peer
    }
}
