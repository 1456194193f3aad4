// libFuzzer target: the server's request-proof header parsing (Signature-Input and Signature). Parameters that
// parse must serialise and parse back equal.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSignature(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    let parts = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
    _ = try? RequestProof.parse(signatureInput: parts.first, signature: parts.count > 1 ? parts[1] : nil, hasBody: count % 2 == 0)
    if let parameters = try? RequestProof.parseInput(text) {
        guard let again = try? RequestProof.parseInput("\(RequestProof.label)=\(parameters.serialized)"), again == parameters else {
            fatalError("signature parameters do not round-trip: \(text)")
        }
    }
    return 0
}
