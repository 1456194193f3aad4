import Foundation
import RawStructuredFieldValues

/// The Hangangjari request-proof profile of RFC 9421: `hmac-sha256` over `@method`, `@target-uri` and, for a
/// request with a body, `content-digest` (RFC 9530 sha-256), with `created`, `nonce` and `keyid`.
public enum RequestProof {
    /// The signature label used in `Signature-Input` and `Signature`.
    public static let label = "hj"
    /// The algorithm name.
    public static let algorithm = "hmac-sha256"

    /// The headers that carry a proof.
    public struct Headers: Sendable, Hashable {
        public var signatureInput: String
        public var signature: String
        /// Set when the request has a body.
        public var contentDigest: String?
    }

    /// The covered components for a request with or without a body.
    public static func components(hasBody: Bool) -> [String] {
        hasBody ? ["@method", "@target-uri", "content-digest"] : ["@method", "@target-uri"]
    }

    /// Signs a request.
    public static func sign(
        method: String, targetURI: String, body: Data?, keyId: String, signer: HMACSigner, created: Int, nonce: String
    ) throws(ProofError) -> Headers {
        let digest = body.map(ContentDigest.sha256(of:))
        let parameters = SignatureParameters(
            components: components(hasBody: digest != nil), created: created, keyId: keyId, nonce: nonce,
            algorithm: algorithm)
        var values = [method.uppercased(), targetURI]
        if let digest { values.append(digest) }
        let base = try SignatureBase.build(values: values, parameters: parameters)
        let signature = signer.signature(for: base).base64EncodedString()
        return Headers(
            signatureInput: "\(label)=\(parameters.serialized)", signature: "\(label)=:\(signature):",
            contentDigest: digest)
    }

    /// A proof as parsed from the headers, before the key is known.
    public struct Parsed: Sendable, Hashable {
        public var parameters: SignatureParameters
        public var signature: Data
    }

    /// Parses `Signature-Input` and `Signature` (the `hj` label) and checks the profile's components.
    public static func parse(signatureInput: String?, signature: String?, hasBody: Bool) throws(ProofError) -> Parsed {
        guard let signatureInput else { throw .missingHeader("Signature-Input") }
        guard let signature else { throw .missingHeader("Signature") }
        let parameters = try parseInput(signatureInput)
        guard parameters.components.sorted() == components(hasBody: hasBody).sorted() else {
            throw .componentMismatch
        }
        if let alg = parameters.algorithm, alg != algorithm { throw .unsupportedAlgorithm(alg) }
        guard let bytes = CanonicalProofHeaders.signature(signature) ?? parseSignature(signature) else {
            throw .malformedHeader("Signature")
        }
        return Parsed(parameters: parameters, signature: bytes)
    }

    /// The bytes of the `hj` label of a `Signature` dictionary, by the structured-field parser.
    static func parseSignature(_ header: String) -> Data? {
        var parser = StructuredFieldValueParser(Array(header.utf8))
        guard let dictionary = try? parser.parseDictionaryFieldValue(),
            case .item(let item)? = dictionary[label],
            case .undecodedByteSequence(let encoded) = item.rfc9651BareItem
        else { return nil }
        return Data(base64Encoded: encoded)
    }

    /// Verifies a parsed proof against the request as the server received it.
    public static func verify(
        _ proof: Parsed, method: String, targetURI: String, body: Data?, contentDigestHeader: String?,
        signer: HMACSigner
    ) throws(ProofError) {
        var digest: String?
        if let body {
            guard let header = contentDigestHeader else { throw .missingHeader("Content-Digest") }
            guard ContentDigest.matches(header: header, body: body) else { throw .digestMismatch }
            digest = header
        }
        // The values in the order the signer covered them.
        let values = try proof.parameters.components.map { name throws(ProofError) -> String in
            switch name {
            case "@method": return method.uppercased()
            case "@target-uri": return targetURI
            case "content-digest":
                guard let digest else { throw .componentMismatch }
                return digest
            default: throw .componentMismatch
            }
        }
        let base = try SignatureBase.build(values: values, parameters: proof.parameters)
        guard signer.isValid(proof.signature, for: base) else { throw .signatureMismatch }
    }

    /// Parses a `Signature-Input` dictionary and returns the parameters of the `hj` label (or the only label).
    public static func parseInput(_ header: String) throws(ProofError) -> SignatureParameters {
        if let canonical = CanonicalProofHeaders.signatureInput(header) { return canonical }
        return try parseInputFields(header)
    }

    /// ``parseInput(_:)`` by the structured-field parser, for any valid form of the header.
    static func parseInputFields(_ header: String) throws(ProofError) -> SignatureParameters {
        var parser = StructuredFieldValueParser(Array(header.utf8))
        guard let dictionary = try? parser.parseDictionaryFieldValue() else {
            throw .malformedHeader("Signature-Input")
        }
        let entry = dictionary[label] ?? (dictionary.count == 1 ? dictionary[dictionary.startIndex].1 : nil)
        guard case .innerList(let list)? = entry else { throw .malformedHeader("Signature-Input") }
        var components: [String] = []
        for item in list.bareInnerList {
            guard case .string(let name) = item.rfc9651BareItem else { throw .malformedHeader("Signature-Input") }
            components.append(name)
        }
        var created: Int?
        var expires: Int?
        var keyId: String?
        var nonce: String?
        var alg: String?
        for (key, value) in list.rfc9651Parameters {
            switch (key, value) {
            case ("created", .integer(let v)): created = Int(v)
            case ("expires", .integer(let v)): expires = Int(v)
            case ("keyid", .string(let v)): keyId = v
            case ("nonce", .string(let v)): nonce = v
            case ("alg", .string(let v)): alg = v
            case ("created", _), ("expires", _), ("keyid", _), ("nonce", _), ("alg", _):
                throw .malformedHeader("Signature-Input")
            default: continue  // signed as sent (in `received`), otherwise ignored: `tag`, and any later parameter
            }
        }
        guard let created, let keyId else { throw .malformedHeader("Signature-Input") }
        var parameters = SignatureParameters(
            components: components, created: created, keyId: keyId, nonce: nonce, algorithm: alg, expires: expires)
        let received = try serialization(of: list)
        if received != parameters.serialized { parameters.received = received }
        return parameters
    }

    /// The inner list and its parameters serialized as RFC 8941 does (§4.1), in the order received: the
    /// `@signature-params` value the signer signed.
    static func serialization(of list: InnerList) throws(ProofError) -> String {
        var member = OrderedMap<String, ItemOrInnerList>()
        member[label] = .innerList(list)
        var serializer = StructuredFieldValueSerializer()
        guard let bytes = try? serializer.writeDictionaryFieldValue(member) else {
            throw .malformedHeader("Signature-Input")
        }
        return String(decoding: bytes.dropFirst(label.utf8.count + 1), as: UTF8.self)
    }
}
