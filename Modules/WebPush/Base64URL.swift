import Foundation

/// Base64url without padding (RFC 4648 §5), the alphabet of Web Push keys, VAPID tokens and JWTs.
public enum Base64URL {
    /// The bytes as base64url, unpadded.
    public static func encode<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Decodes base64url, padded or not; plain base64 is accepted too (some browsers send `p256dh` that way).
    /// Nil when the text is not base64 of either alphabet, or its last character carries bits that are not zero.
    public static func decode(_ text: String) -> Data? {
        var utf8 = Substring(text).utf8
        while utf8.last == UInt8(ascii: "=") { utf8 = utf8.dropLast() }
        // A sender reads every key of every alert: one pass over a table, not Foundation's string rewriting.
        let remainder = utf8.count % 4
        guard remainder != 1 else { return nil }
        var bytes = Data(capacity: utf8.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        for character in utf8 {
            let value = sextets[Int(character)]
            guard value != invalid else { return nil }
            accumulator = (accumulator << 6) | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        // The leftover bits of the last character are padding and must be zero (as Foundation's decoder requires).
        guard accumulator & ((1 << UInt32(bits)) - 1) == 0 else { return nil }
        return bytes
    }

    private static let invalid: UInt8 = 0xFF

    /// Each ASCII byte's value in either alphabet (`-`/`+` are 62, `_`//`/` are 63), or `invalid`.
    private static let sextets: [UInt8] = {
        var table = [UInt8](repeating: invalid, count: 256)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
        for (value, character) in alphabet.enumerated() { table[Int(character)] = UInt8(value) }
        table[Int(UInt8(ascii: "-"))] = 62
        table[Int(UInt8(ascii: "+"))] = 62
        table[Int(UInt8(ascii: "_"))] = 63
        table[Int(UInt8(ascii: "/"))] = 63
        return table
    }()
}
