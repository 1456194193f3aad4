/// Reproducible pseudo-random numbers from a key, so two processes asking at the same moment agree.
public enum DeterministicNoise {
    /// SplitMix64 of a 64-bit seed.
    public static func mix(_ seed: UInt64) -> UInt64 {
        var z = seed &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// FNV-1a of a string, stable across runs (unlike `Hasher`).
    public static func hash(_ text: String) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 { h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return h
    }

    /// A uniform number in [0, 1) for (key, bucket).
    public static func unit(_ key: String, _ bucket: Int) -> Double {
        Double(mix(hash(key) ^ UInt64(bitPattern: Int64(bucket))) >> 11) / Double(1 << 53)
    }

    /// An approximately standard normal number for (key, bucket) (sum of four uniforms, rescaled).
    public static func normal(_ key: String, _ bucket: Int) -> Double {
        var sum = 0.0
        for i in 0..<4 { sum += unit(key + "#\(i)", bucket) }
        return (sum - 2) / (4.0 / 12).squareRoot()
    }
}
