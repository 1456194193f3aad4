/// The covered components and parameters of one RFC 9421 signature (the `@signature-params` value).
public struct SignatureParameters: Sendable, Hashable {
    /// Covered component identifiers, in order, e.g. `@method`, `@target-uri`, `content-digest`.
    public var components: [String]
    /// Creation time, seconds since 1970.
    public var created: Int
    /// The key that signed.
    public var keyId: String
    /// A value unique per request, against replay.
    public var nonce: String?
    /// The algorithm name, e.g. `hmac-sha256`, when stated.
    public var algorithm: String?
    /// When the signature stops being valid, seconds since 1970, when stated.
    public var expires: Int?
    /// The `@signature-params` value exactly as the signer serialized it (its order, and parameters this profile
    /// does not know, such as `tag`), when a received header had it in another form than ``serialized``; else nil.
    public var received: String?

    public init(
        components: [String], created: Int, keyId: String, nonce: String? = nil, algorithm: String? = nil,
        expires: Int? = nil, received: String? = nil
    ) {
        self.components = components
        self.created = created
        self.keyId = keyId
        self.nonce = nonce
        self.algorithm = algorithm
        self.expires = expires
        self.received = received
    }

    /// The value of the signature base's `@signature-params` line: as received (RFC 9421 §2.3 signs the
    /// parameters exactly as sent), else this side's serialization.
    public var signatureParams: String { received ?? serialized }

    /// The RFC 8941 serialization this side signs with, in `Signature-Input` and in the signature base:
    /// `("@method" "@target-uri");created=1618884473;keyid="k";nonce="n";alg="hmac-sha256"` (then `expires`, if set).
    public var serialized: String {
        var out = "(" + components.map(Self.quoted).joined(separator: " ") + ")"
        out += ";created=\(created)"
        out += ";keyid=\(Self.quoted(keyId))"
        if let nonce { out += ";nonce=\(Self.quoted(nonce))" }
        if let algorithm { out += ";alg=\(Self.quoted(algorithm))" }
        if let expires { out += ";expires=\(expires)" }
        return out
    }

    /// An sf-string: quotes and backslashes escaped with a backslash.
    static func quoted(_ s: String) -> String {
        var out = "\""
        out.reserveCapacity(s.utf8.count + 2)
        for scalar in s.unicodeScalars {
            if scalar == "\"" || scalar == "\\" { out.unicodeScalars.append("\\") }
            out.unicodeScalars.append(scalar)
        }
        out += "\""
        return out
    }
}
