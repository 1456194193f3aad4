import Foundation
import HTTPTypes
import Hummingbird
import Models
import ServerTrust

extension HTTPField.Name {
    static let hangangjariPolicy = HTTPField.Name(PolicyHeader.name)!
    static let idempotencyKey = HTTPField.Name("Idempotency-Key")!
    static let signatureInput = HTTPField.Name("Signature-Input")!
    static let signature = HTTPField.Name("Signature")!
    static let contentDigest = HTTPField.Name("Content-Digest")!
    static let xForwardedFor = HTTPField.Name("X-Forwarded-For")!
}

enum Responses {
    static func json(_ body: Data, status: HTTPResponse.Status = .ok, policy: PolicyState, extra: HTTPFields = [:])
        -> Response
    {
        json(ByteBuffer(bytes: body), status: status, policy: policy, extra: extra)
    }

    /// A JSON answer; `extra` holds neither a content type nor the policy (both are appended, not looked up).
    static func json(
        _ body: ByteBuffer, status: HTTPResponse.Status = .ok, policy: PolicyState, extra: HTTPFields = [:]
    ) -> Response {
        var headers = extra
        headers.append(jsonType)
        headers.append(policyField(policy))
        return Response(status: status, headers: headers, body: .init(byteBuffer: body))
    }

    static let jsonType = HTTPField(name: .contentType, value: "application/json")
    private static let unsignedReadsAllowed = HTTPField(
        name: .hangangjariPolicy, value: PolicyHeader.value(unsignedReadsAllowed: true))
    private static let unsignedReadsDenied = HTTPField(
        name: .hangangjariPolicy, value: PolicyHeader.value(unsignedReadsAllowed: false))

    /// The policy header as it stands now (the two fields are made once: validating a value costs on every request).
    static func policyField(_ policy: PolicyState) -> HTTPField {
        policy.unsignedReadsAllowed ? unsignedReadsAllowed : unsignedReadsDenied
    }

    static func encoded<T: Encodable>(_ value: T, status: HTTPResponse.Status = .ok, policy: PolicyState) -> Response {
        let body = (try? ContractCoding.encode(value)) ?? Data("{}".utf8)
        return json(body, status: status, policy: policy)
    }

    /// A 429 with `Retry-After`, for calls past their rate limit (bootstrap, subscription writes).
    static func rateLimited(_ detail: String, policy: PolicyState) -> Response {
        var response = problem(Problems.make(.rateLimited, detail), policy: policy)
        response.headers[.retryAfter] = "2"
        return response
    }

    static func problem(_ problem: Problem, policy: PolicyState) -> Response {
        var headers: HTTPFields = [:]
        headers[.contentType] = "application/problem+json"
        headers.append(policyField(policy))
        if problem.status == 401 { headers[.wwwAuthenticate] = "Bearer" }
        let body = (try? ContractCoding.encode(problem)) ?? Data()
        return Response(
            status: HTTPResponse.Status(code: problem.status), headers: headers,
            body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }
}
