/// Builds the RFC 9421 signature base: the one piece of code the client signs and the server verifies with.
public enum SignatureBase {
    /// `"name": value` lines for each covered component, then the `@signature-params` line (no trailing newline).
    ///
    /// - Parameter values: the value of each component in `parameters.components`, in the same order.
    public static func build(values: [String], parameters: SignatureParameters) throws(ProofError) -> String {
        guard values.count == parameters.components.count else { throw .componentMismatch }
        var out = ""
        for (name, value) in zip(parameters.components, values) {
            guard !value.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) else {
                throw .invalidComponentValue(name)
            }
            out += "\"\(name)\": \(value)\n"
        }
        out += "\"@signature-params\": \(parameters.signatureParams)"
        return out
    }
}

/// Why a request proof could not be made or was refused.
public enum ProofError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `Signature-Input` or `Signature` is missing.
    case missingHeader(String)
    /// A header is not a valid structured field or lacks a required part.
    case malformedHeader(String)
    /// A covered component's value cannot appear in a signature base.
    case invalidComponentValue(String)
    /// The covered components are not the ones this profile requires.
    case componentMismatch
    /// The algorithm is not hmac-sha256.
    case unsupportedAlgorithm(String)
    /// The secret is not valid base64.
    case invalidKey
    /// The signature does not match.
    case signatureMismatch
    /// The body does not match its `Content-Digest`.
    case digestMismatch

    public var description: String {
        switch self {
        case .missingHeader(let h): "missing \(h) header"
        case .malformedHeader(let h): "malformed \(h) header"
        case .invalidComponentValue(let c): "component \(c) has a value that cannot be signed"
        case .componentMismatch: "covered components do not match the required profile"
        case .unsupportedAlgorithm(let a): "unsupported signature algorithm \(a)"
        case .invalidKey: "signing key is not valid base64"
        case .signatureMismatch: "signature does not match"
        case .digestMismatch: "body does not match Content-Digest"
        }
    }
}
