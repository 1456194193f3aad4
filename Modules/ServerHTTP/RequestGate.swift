import Foundation
import Hummingbird
import Models
import ServerFaults
import ServerTrust

/// The check every signed route makes before it answers: the access token and the request proof.
public struct RequestGate: Sendable {
    let verifier: RequestVerifier
    let faults: FaultSwitch
    /// The authority of a request that names none (the target URI a proof covers needs one).
    let host: String
    let now: @Sendable () -> Date

    public init(verifier: RequestVerifier, faults: FaultSwitch, host: String, now: @escaping @Sendable () -> Date) {
        self.verifier = verifier
        self.faults = faults
        self.host = host
        self.now = now
    }

    /// The problem that refuses the request; nil when it may proceed.
    func refusal(_ request: Request, body: Data?) async -> Problem? {
        if request.headers[.signature] != nil, faults.current.rejectProofs {
            return Problems.make(.proofInvalid, "injected fault: every request proof is refused")
        }
        let signatureInput = request.headers[.signatureInput]
        // Only a proof's signature base covers the target URI: an unsigned read never spells it out.
        let authority = request.head.authority ?? host
        let targetURI = signatureInput == nil ? "" : "http://\(authority)\(request.uri.description)"
        let incoming = RequestVerifier.Incoming(
            method: request.method.rawValue, targetURI: targetURI,
            authorization: request.headers[.authorization], signatureInput: signatureInput,
            signature: request.headers[.signature], contentDigest: body == nil ? nil : request.headers[.contentDigest],
            body: body, isWrite: Models.HTTPMethod(rawValue: request.method.rawValue).isWrite)
        // An unsigned read is the common request: judged without the suspension a proof's checks may need.
        let verdict: Result<RequestVerifier.Verdict, Problem>
        if let uncredentialed = verifier.uncredentialed(incoming) {
            verdict = uncredentialed
        } else {
            verdict = await verifier.verify(incoming, now: now())
        }
        switch verdict {
        case .success: return nil
        case .failure(let problem): return problem
        }
    }
}
