import Crypto
import Foundation
import RequestProof

/// The credential for `/admin/...` and `/metrics`. Without one configured those routes do not exist; with one, every
/// caller must present it as `Authorization: Bearer <token>`, from any address (a proxy on the same host makes every
/// peer look local, so the address proves nothing).
public struct AdminToken: Sendable, Equatable {
    private let digest: Data

    public struct TooShort: Error, CustomStringConvertible {
        public var description: String { "the admin token must be at least 16 characters" }
    }

    public init(_ token: String) throws(TooShort) {
        guard token.count >= 16 else { throw TooShort() }
        digest = Data(SHA256.hash(data: Data(token.utf8)))
    }

    /// Whether an `Authorization` header carries this token. Compares digests in constant time.
    public func admits(authorization: String?) -> Bool {
        guard let authorization, authorization.hasPrefix("Bearer ") else { return false }
        let offered = Data(SHA256.hash(data: Data(authorization.dropFirst("Bearer ".count).utf8)))
        return constantTimeEqual(offered, digest)
    }
}
