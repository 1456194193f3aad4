/// Lowercase hexadecimal, two digits a byte, for tokens, key ids and ETags. Written out by hand: the token check of
/// every signed request writes 40 bytes, and Foundation's `String(format: "%02x")` a byte is slow on Linux.
public enum Hex {
    private static let digits = Array("0123456789abcdef".utf8)

    /// `bytes` as lowercase hex.
    public static func lowercase(_ bytes: some Sequence<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
