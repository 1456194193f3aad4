import Models
import ServerHTTP
import Testing

@Suite struct TrustedProxiesTests {
    @Test func rangesMatchTheirAddressesOnly() throws {
        let v4 = try IPAddressRange("10.0.0.0/8")
        #expect(v4.contains("10.200.3.4"))
        #expect(v4.contains("::ffff:10.1.2.3"))  // a dual-stack socket's IPv4 peer
        #expect(!v4.contains("11.0.0.1"))
        #expect(!v4.contains("not an address"))
        let host = try IPAddressRange("127.0.0.1")
        #expect(host.contains("127.0.0.1") && !host.contains("127.0.0.2"))
        let v6 = try IPAddressRange("fd00::/8")
        #expect(v6.contains("fd12::1") && !v6.contains("fe80::1") && !v6.contains("10.0.0.1"))
        #expect(try IPAddressRange("0.0.0.0/0").contains("8.8.8.8"))
        for bad in ["", "10.0.0.0/33", "::1/129", "example.org", "10.0.0/8", "1.2.3.4/x"] {
            #expect(throws: IPAddressRange.Invalid.self) { try IPAddressRange(bad) }
        }
    }

    @Test func theClientIsTheLastHopNotATrustedProxy() throws {
        let proxies = try TrustedProxies(parsing: "127.0.0.1, 10.0.0.0/8")
        #expect(proxies.clientAddress(peer: "127.0.0.1", forwardedFor: "203.0.113.7") == "203.0.113.7")
        // A forged left-hand hop is ignored; a chain of trusted proxies is walked.
        #expect(
            proxies.clientAddress(peer: "127.0.0.1", forwardedFor: "1.1.1.1, 203.0.113.7, 10.0.0.5") == "203.0.113.7")
        // An untrusted peer's header is never read.
        #expect(proxies.clientAddress(peer: "198.51.100.1", forwardedFor: "203.0.113.7") == "198.51.100.1")
        #expect(TrustedProxies.none.clientAddress(peer: "127.0.0.1", forwardedFor: "203.0.113.7") == "127.0.0.1")
        // Garbage in the chain: the peer, not a guess.
        #expect(proxies.clientAddress(peer: "127.0.0.1", forwardedFor: "203.0.113.7, <script>") == "127.0.0.1")
        #expect(proxies.clientAddress(peer: "127.0.0.1", forwardedFor: nil) == "127.0.0.1")
    }

    @Test func theAdminTokenIsComparedWhole() throws {
        let token = try AdminToken("0123456789abcdef-admin")
        #expect(token.admits(authorization: "Bearer 0123456789abcdef-admin"))
        #expect(!token.admits(authorization: "Bearer 0123456789abcdef-admin2"))
        #expect(!token.admits(authorization: "Bearer 0123456789abcdef-admi"))
        #expect(!token.admits(authorization: "0123456789abcdef-admin"))
        #expect(!token.admits(authorization: nil))
        #expect(throws: AdminToken.TooShort.self) { try AdminToken("short") }
    }
}
