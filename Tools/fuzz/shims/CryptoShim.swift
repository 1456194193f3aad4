// Fuzz-build stand-ins for the two swift-crypto users of RequestProof, so the header parsing can be built with
// swiftc alone. The parsing under test is the real code; signing and checking here are not cryptographic.
import Foundation

public struct HMACSigner: Sendable {
    public func signature(for base: String) -> Data { Data(base.utf8.prefix(32)) }
    public func isValid(_ signature: Data, for base: String) -> Bool { signature == self.signature(for: base) }
}

public enum ContentDigest {
    public static func sha256(of body: Data) -> String { "sha-256=:\(body.count):" }
    public static func matches(header: String, body: Data) -> Bool { header == sha256(of: body) }
}
