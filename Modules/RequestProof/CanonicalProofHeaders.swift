import Foundation

/// The fast path for proof headers in the form ``RequestProof/sign(method:targetURI:body:keyId:signer:created:nonce:)``
/// writes them, which is what every Hangangjari client sends. The structured-field parser is generic and runs
/// unspecialized across the module boundary; on a signed read it cost more than the HMACs. A header is taken here
/// only when it is byte for byte the canonical serialization of what was read from it, so the result is the one the
/// full parser gives; any other form (other order, spaces, escapes, more labels) returns nil and goes to the parser.
enum CanonicalProofHeaders {
    /// `hj=("@method" "@target-uri");created=…;keyid="…";nonce="…";alg="hmac-sha256"`, or nil.
    static func signatureInput(_ header: String) -> SignatureParameters? {
        var reader = Reader(bytes: Array(header.utf8))
        guard reader.take(RequestProof.label + "=(") else { return nil }
        var components: [String] = []
        while !reader.take(")") {
            if !components.isEmpty { guard reader.take(" ") else { return nil } }
            guard let name = reader.quoted() else { return nil }
            components.append(name)
        }
        var created: Int?
        var strings: [String: String] = [:]
        while !reader.atEnd {
            guard reader.take(";"), let key = reader.key(), reader.take("=") else { return nil }
            if key == "created" {
                guard created == nil, let value = reader.integer() else { return nil }
                created = value
            } else {
                guard strings[key] == nil, let value = reader.quoted() else { return nil }
                strings[key] = value
            }
        }
        guard let created, let keyId = strings["keyid"] else { return nil }
        let parameters = SignatureParameters(
            components: components, created: created, keyId: keyId, nonce: strings["nonce"],
            algorithm: strings["alg"])
        return RequestProof.label + "=" + parameters.serialized == header ? parameters : nil
    }

    /// The bytes of `hj=:<base64>:`, or nil.
    static func signature(_ header: String) -> Data? {
        let prefix = RequestProof.label + "=:"
        guard header.hasPrefix(prefix), header.utf8.count > prefix.utf8.count + 1, header.utf8.last == UInt8(ascii: ":")
        else { return nil }
        let encoded = header.utf8.dropFirst(prefix.utf8.count).dropLast()
        guard encoded.allSatisfy(Reader.isBase64) else { return nil }
        return Data(base64Encoded: String(decoding: encoded, as: UTF8.self))
    }

    /// Reads the canonical form left to right; every step either consumes what it read or fails.
    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        var atEnd: Bool { index == bytes.count }

        mutating func take(_ literal: String) -> Bool {
            let expected = literal.utf8
            guard bytes.count - index >= expected.count,
                bytes[index..<(index + expected.count)].elementsEqual(expected)
            else { return false }
            index += expected.count
            return true
        }

        /// A quoted string of printable ASCII without escapes (an escape sends the header to the full parser).
        mutating func quoted() -> String? {
            guard take("\"") else { return nil }
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                guard (0x20...0x7E).contains(bytes[index]), bytes[index] != UInt8(ascii: "\\") else { return nil }
                index += 1
            }
            guard index < bytes.count else { return nil }
            defer { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        /// A parameter key: lowercase letters only, which covers the profile's.
        mutating func key() -> String? {
            let start = index
            while index < bytes.count, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[index]) { index += 1 }
            return index > start ? String(decoding: bytes[start..<index], as: UTF8.self) : nil
        }

        /// A non-negative integer of at most 15 digits (the structured-field limit).
        mutating func integer() -> Int? {
            let start = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            guard (1...15).contains(index - start) else { return nil }
            return Int(String(decoding: bytes[start..<index], as: UTF8.self))
        }

        static func isBase64(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "="):
                true
            default: false
            }
        }
    }
}
