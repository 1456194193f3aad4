import Foundation
import HTTPTypes
import Hummingbird
import Models
import ServerCollection
import ServerFaults
import ServerTrust

/// The park-data reads: `/v2/parks`, each park's home summary, parking, forecast and outing, every lot's forecasts
/// (`/v2/forecasts`), and `/v2/sources`.
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
            try await serve(request, park: nil) { _, now, _ in responses.parksEntry(now: now)?.response }
        }
        parkRoute(API.homeSummary, .home, on: router)
        parkRoute(API.parking, .parking, on: router)
        parkRoute(API.forecast, .forecast, on: router)
        parkRoute(API.outing, .outing, on: router)
        router.on(API.lotForecasts) { request, _ in
            try await serve(request, park: nil, everyPark: true) { _, now, faults in
                responses.lotForecastsEntry(now: now, failRebuild: faults.rebuildFails)?.response
            }
        }
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
            return try await serve(request, park: park) { park, now, faults in
                park.flatMap { build(kind, park: $0, now: now, faults: faults) }
            }
        }
    }

    /// Builds the answer for a park (nil for `/v2/parks`) at a time, under the faults read once for the request.
    typealias Respond = @Sendable (Park?, Date, FaultSettings) -> EncodedResponse?

    /// Serves a park-data response: faults, trust, cache, conditional request. `everyPark`: the answer covers every
    /// park (an embedded backend reads them all first).
    private func serve(_ request: Request, park: String?, everyPark: Bool = false, respond: Respond) async throws
        -> Response
    {
        // One read of the faults per request: each read takes the switch's lock and copies its sets.
        let faults = self.faults.current
        // Only an injected delay or an on-demand collection can make a read wait; the rest is built from memory.
        guard faults.latency > .zero || responses.onDemandInterval != nil else {
            return await answer(request, park: park, everyPark: everyPark, faults: faults, respond: respond)
        }
        return try await RequestDeadline.answer(within: requestTimeout, policy: policy) {
            if faults.latency > .zero { try await Task.sleep(for: faults.latency) }
            return await answer(request, park: park, everyPark: everyPark, faults: faults, respond: respond)
        }
    }

    private func answer(
        _ request: Request, park: String?, everyPark: Bool, faults: FaultSettings, respond: Respond
    ) async -> Response {
        if self.faults.shouldFailThisRequest(every: faults.serverErrorEvery) {
            return Responses.problem(Problems.make(.sourceUnavailable, "injected server error"), policy: policy)
        }
        if let problem = await gate.refusal(request, body: nil) {
            return Responses.problem(problem, policy: policy)
        }
        let found = park.flatMap { responses.catalog.park(ParkID($0)) }
        if let park, found == nil {
            let names = responses.catalog.suggestions(for: park).map(\.id.rawValue).joined(separator: ", ")
            return Responses.problem(
                Problems.make(.unknownPark, "No park '\(park.prefix(64))'. Did you mean: \(names)?"), policy: policy)
        }
        // Only the embedded backend collects on demand; elsewhere the call's suspension point is skipped.
        if responses.onDemandInterval != nil {
            if everyPark {
                await responses.collectEveryParkIfAsked()
            } else {
                await responses.collectIfAsked(park: found?.id)
            }
        }
        guard let encoded = respond(found, now(), faults) else {
            return Responses.problem(
                Problems.make(.sourceUnavailable, "No data could be built for this park yet"), policy: policy)
        }
        var headers = HTTPFields()
        headers.reserveCapacity(4)
        headers.append(HTTPField(name: .eTag, value: encoded.etag))
        headers.append(Self.privateCache)
        if let condition = request.headers[.ifNoneMatch], Self.matches(condition, etag: encoded.etag) {
            headers.append(Responses.policyField(policy))
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

    /// Every park-data answer may be kept by the client alone.
    static let privateCache = HTTPField(name: .cacheControl, value: "private")

    /// A park-scoped response through its cache (for another park when the wrong-park fault is on).
    private func build(_ kind: ParkResponses.Kind, park: Park, now: Date, faults: FaultSettings) -> EncodedResponse? {
        let catalog = responses.catalog
        var park = park
        if faults.wrongPark, let index = catalog.parks.firstIndex(of: park) {
            park = catalog.parks[(index + 1) % catalog.parks.count]
        }
        return responses.encoded(kind, park: park, now: now, failRebuild: faults.rebuildFails)
    }
}
