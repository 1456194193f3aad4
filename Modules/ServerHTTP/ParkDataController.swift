import Foundation
import HTTPTypes
import Hummingbird
import Models
import ServerCollection
import ServerFaults
import ServerTrust

/// The park-data reads: `/v2/parks`, each park's home summary, parking, forecast and outing, and `/v2/sources`.
/// Each answer comes from ``ParkResponses``' caches, with its ETag and the current policy.
public struct ParkDataController: Sendable {
    let responses: ParkResponses
    let gate: RequestGate
    let faults: FaultSwitch
    let policy: PolicyState
    /// How long a read that waits (an injected delay, an on-demand collection) may take.
    let requestTimeout: Duration
    let now: @Sendable () -> Date

    public init(
        responses: ParkResponses, gate: RequestGate, faults: FaultSwitch, policy: PolicyState,
        requestTimeout: Duration, now: @escaping @Sendable () -> Date
    ) {
        self.responses = responses
        self.gate = gate
        self.faults = faults
        self.policy = policy
        self.requestTimeout = requestTimeout
        self.now = now
    }

    func register(on router: Router<ServerContext>) {
        router.on(API.parks) { request, _ in
            try await serve(request, park: nil) { now in responses.parksEntry(now: now)?.response }
        }
        parkRoute(API.homeSummary, .home, on: router)
        parkRoute(API.parking, .parking, on: router)
        parkRoute(API.forecast, .forecast, on: router)
        parkRoute(API.outing, .outing, on: router)
        router.on(API.sources) { request, _ in
            if let problem = await gate.refusal(request, body: nil) {
                return Responses.problem(problem, policy: policy)
            }
            return Responses.encoded(responses.sources(now: now()), policy: policy)
        }
    }

    private func parkRoute<Body, Answer>(
        _ endpoint: Endpoint<Body, Answer>, _ kind: ParkResponses.Kind, on router: Router<ServerContext>
    ) {
        router.on(endpoint) { request, context in
            let park = context.parameters.get(Route.parkParameter)
            return try await serve(request, park: park) { now in build(kind, park: park, now: now) }
        }
    }

    /// Serves a park-data response: faults, trust, cache, conditional request.
    private func serve(_ request: Request, park: String?, respond: @Sendable (Date) -> EncodedResponse?)
        async throws -> Response
    {
        // Only an injected delay or an on-demand collection can make a read wait; the rest is built from memory.
        let latency = faults.current.latency
        guard latency > .zero || responses.onDemandInterval != nil else {
            return await answer(request, park: park, respond: respond)
        }
        return try await RequestDeadline.answer(within: requestTimeout, policy: policy) {
            if latency > .zero { try await Task.sleep(for: latency) }
            return await answer(request, park: park, respond: respond)
        }
    }

    private func answer(_ request: Request, park: String?, respond: (Date) -> EncodedResponse?) async -> Response {
        let faults = faults.current
        if self.faults.shouldFailThisRequest() {
            return Responses.problem(Problems.make(.sourceUnavailable, "injected server error"), policy: policy)
        }
        if let problem = await gate.refusal(request, body: nil) {
            return Responses.problem(problem, policy: policy)
        }
        if let park, responses.catalog.park(ParkID(park)) == nil {
            let names = responses.catalog.suggestions(for: park).map(\.id.rawValue).joined(separator: ", ")
            return Responses.problem(
                Problems.make(.unknownPark, "No park '\(park.prefix(64))'. Did you mean: \(names)?"), policy: policy)
        }
        await responses.collectIfAsked(park: park.map { ParkID($0) })
        guard let encoded = respond(now()) else {
            return Responses.problem(
                Problems.make(.sourceUnavailable, "No data could be built for this park yet"), policy: policy)
        }
        var headers: HTTPFields = [:]
        headers[.eTag] = encoded.etag
        headers[.cacheControl] = "private"
        if let condition = request.headers[.ifNoneMatch], Self.matches(condition, etag: encoded.etag) {
            headers[.hangangjariPolicy] = PolicyHeader.value(unsignedReadsAllowed: policy.unsignedReadsAllowed)
            // An explicit empty buffer takes Hummingbird's single-write path.
            return Response(status: .notModified, headers: headers, body: .init(byteBuffer: ByteBuffer()))
        }
        guard faults.garbage || faults.truncateBody else {
            return Responses.json(encoded.buffer, policy: policy, extra: headers)
        }
        var body = encoded.body
        if faults.garbage { body = Data("<html><body>502 Bad Gateway</body></html>".utf8) }
        if faults.truncateBody { body = body.prefix(body.count / 2) }
        return Responses.json(body, policy: policy, extra: headers)
    }

    /// Whether an If-None-Match value names this ETag (exact match first: the common case, no allocation).
    static func matches(_ condition: String, etag: String) -> Bool {
        if condition == etag || condition == "*" { return true }
        guard condition.contains(",") else { return false }
        return condition.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces) == etag }
    }

    /// A park-scoped response through its cache (for another park when the wrong-park fault is on).
    private func build(_ kind: ParkResponses.Kind, park id: String?, now: Date) -> EncodedResponse? {
        let catalog = responses.catalog
        guard var park = catalog.park(ParkID(id ?? "")) else { return nil }
        let faults = faults.current
        if faults.wrongPark, let index = catalog.parks.firstIndex(of: park) {
            park = catalog.parks[(index + 1) % catalog.parks.count]
        }
        return responses.encoded(kind, park: park, now: now, failRebuild: faults.rebuildFails)
    }
}
