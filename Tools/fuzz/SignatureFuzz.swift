// libFuzzer target: the server's request-proof header parsing (Signature-Input and Signature) and verification with
// the real HMAC-SHA256 and SHA-256 of swift-crypto. Parameters that parse must serialise and parse back equal; a
// proof signed over the input must verify, and must fail once the body changes.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSignature(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    // Made per input: LeakSanitizer counts a lazily made global as leaked.
    let signer = HMACSigner(secret: Data(repeating: 7, count: 32))
    let data = Data(UnsafeBufferPointer(start: bytes, count: count))
    let text = String(decoding: data, as: UTF8.self)
    let parts = text.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
    let body = count % 2 == 0 ? data : nil
    if let parsed = try? RequestProof.parse(
        signatureInput: parts.first, signature: parts.count > 1 ? parts[1] : nil, hasBody: body != nil)
    {
        // Hostile headers must be refused, never crash the check.
        _ = try? RequestProof.verify(
            parsed, method: "GET", targetURI: "http://127.0.0.1/v2/parks", body: body,
            contentDigestHeader: parts.count > 2 ? parts[2] : nil, signer: signer)
    }
    if let parameters = try? RequestProof.parseInput(text) {
        // This side's serialization parses back to the same parameters, and what was received (signed as sent,
        // unknown parameters included) parses back to the same `@signature-params`.
        var known = parameters
        known.received = nil
        guard let again = try? RequestProof.parseInput("\(RequestProof.label)=\(parameters.serialized)"),
            again == known,
            let received = try? RequestProof.parseInput("\(RequestProof.label)=\(parameters.signatureParams)"),
            received == parameters
        else {
            fatalError("signature parameters do not round-trip: \(text)")
        }
    }
    let target =
        "http://127.0.0.1/v2/parks/"
        + String(text.unicodeScalars.filter { $0.isASCII && $0.value > 32 && $0 != "\"" && $0 != "\\" }.prefix(64))
    if let headers = try? RequestProof.sign(
        method: "POST", targetURI: target, body: data, keyId: "k", signer: signer, created: count, nonce: "n")
    {
        guard
            let parsed = try? RequestProof.parse(
                signatureInput: headers.signatureInput, signature: headers.signature, hasBody: true),
            (try? RequestProof.verify(
                parsed, method: "POST", targetURI: target, body: data, contentDigestHeader: headers.contentDigest,
                signer: signer)) != nil
        else { fatalError("a proof signed over the input does not verify: \(target)") }
        if (try? RequestProof.verify(
            parsed, method: "POST", targetURI: target, body: data + [1], contentDigestHeader: headers.contentDigest,
            signer: signer)) != nil
        {
            fatalError("a changed body still verifies")
        }
    }
    return 0
}
