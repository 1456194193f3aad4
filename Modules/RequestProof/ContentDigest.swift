import Crypto
import Foundation
import RawStructuredFieldValues

/// RFC 9530 `Content-Digest` with `sha-256`.
public enum ContentDigest {
    /// `sha-256=:<base64>:` for a body.
    public static func sha256(of body: Data) -> String {
        "sha-256=:" + Data(SHA256.hash(data: body)).base64EncodedString() + ":"
    }

    /// Whether the header carries a sha-256 digest that matches `body` (constant-time compare).
    public static func matches(header: String, body: Data) -> Bool {
        var parser = StructuredFieldValueParser(Array(header.utf8))
        guard let dictionary = try? parser.parseDictionaryFieldValue(),
            case .item(let item)? = dictionary["sha-256"],
            case .undecodedByteSequence(let encoded) = item.rfc9651BareItem,
            let claimed = Data(base64Encoded: encoded)
        else { return false }
        let actual = Data(SHA256.hash(data: body))
        return constantTimeEqual(claimed, actual)
    }
}

/// Whether two secrets or digests are equal, in time that depends only on their length (no early exit that would
/// tell an attacker how many leading bytes were right). Inlinable so that every caller gets a copy specialized to
/// its collections: unspecialized, the generic walk cost more than the HMACs of a signed request.
@inlinable
public func constantTimeEqual<A: Collection<UInt8>, B: Collection<UInt8>>(_ a: A, _ b: B) -> Bool {
    guard a.count == b.count else { return false }
    var difference: UInt8 = 0
    var (i, j) = (a.startIndex, b.startIndex)
    while i != a.endIndex {
        difference |= a[i] ^ b[j]
        a.formIndex(after: &i)
        b.formIndex(after: &j)
    }
    return difference == 0
}
