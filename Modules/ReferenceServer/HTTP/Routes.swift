import Foundation
import HTTPTypes
import Hummingbird
import Models
import Networking

/// The /v2 routes of the reference backend.
enum Routes {
    static func router(for backend: ReferenceBackend, alsoServe: RouteRegistration?) -> Router<ServerContext> {
        let router = Router(context: ServerContext.self)
        router.middlewares.add(MetricsMiddleware(metrics: backend.metrics))
        if backend.configuration.accessLog {
            router.middlewares.add(
                AccessLogMiddleware(logger: backend.logger, proxies: backend.configuration.trustedProxies))
        }
        router.middlewares.add(ProblemMiddleware(policy: backend.policy))
        let policy = backend.policy

        HealthRoutes.add(to: router, backend: backend)
        router.on(API.policy) { _, _ in
            Responses.encoded(policy.clientPolicy, policy: policy)
        }
        // Routes that read a body or call out answer within the request timeout (park data applies it itself).
        let waiting = router.group().add(
            middleware: RequestDeadlineMiddleware(limit: backend.configuration.requestTimeout, policy: policy))
        waiting.on(API.bootstrap) { request, context in
            try await bootstrap(request, context, backend)
        }
        router.on(API.parks) { request, context in
            try await parkData(request, context, backend, park: nil) { now in backend.parksEntry(now: now)?.response }
        }
        router.on(API.homeSummary) { request, context in
            try await parkData(request, context, backend, park: context.parameters.get(Route.parkParameter)) { now in
                try build(backend, context, now, cache: backend.homeCache, name: "home") { park, snapshot in
                    backend.builder.homeSummary(park: park, snapshot: snapshot, now: now)
                }
            }
        }
        router.on(API.parking) { request, context in
            try await parkData(request, context, backend, park: context.parameters.get(Route.parkParameter)) { now in
                try build(backend, context, now, cache: backend.parkingCache, name: "parking") { park, snapshot in
                    let forecast = backend.builder.forecastOverview(park: park, snapshot: snapshot, now: now)
                    return ParkingResponse(
                        parking: backend.builder.parking(park: park, snapshot: snapshot, forecast: forecast, now: now),
                        generatedAt: snapshot.updatedAt,
                        freshness: Freshness(sources: backend.builder.statuses(snapshot, now: now, of: [.parking])))
                }
            }
        }
        router.on(API.forecast) { request, context in
            try await parkData(request, context, backend, park: context.parameters.get(Route.parkParameter)) { now in
                try build(backend, context, now, cache: backend.forecastCache, name: "forecast") { park, snapshot in
                    ForecastResponse(
                        forecast: backend.builder.forecastOverview(park: park, snapshot: snapshot, now: now),
                        freshness: Freshness(
                            sources: backend.builder.statuses(snapshot, now: now, of: [.parking, .crowd])))
                }
            }
        }
        router.on(API.outing) { request, context in
            try await parkData(request, context, backend, park: context.parameters.get(Route.parkParameter)) { now in
                try build(backend, context, now, cache: backend.outingCache, name: "outing") { park, snapshot in
                    OutingResponse(
                        outing: backend.builder.outing(park: park, snapshot: snapshot, now: now),
                        generatedAt: snapshot.updatedAt)
                }
            }
        }
        router.on(API.sources) { request, context in
            if let problem = await verify(request, context, backend, body: nil) {
                return Responses.problem(problem, policy: policy)
            }
            let now = backend.configuration.now()
            let entries = backend.catalog.parks.map { park in
                SourcesResponse.Entry(
                    parkId: park.id, sources: backend.builder.statuses(backend.collector.snapshot(park.id), now: now))
            }
            let upstream = backend.collector.source.upstreamUsage(at: now)
            return Responses.encoded(
                SourcesResponse(parks: entries, generatedAt: now, upstream: upstream), policy: policy)
        }
        waiting.on(API.telemetry) { request, context in
            try await write(request, context, backend, status: .accepted) { body in
                WriteValidation.telemetry(body).map { batch in
                    let day = ISO8601.seoulDay(backend.configuration.now())
                    let counts = Dictionary(batch.events.map { ($0.kind.rawValue, 1) }, uniquingKeysWith: +)
                    return (
                        WriteAccepted(id: "t-" + randomHex(bytes: 8), accepted: batch.events.count),
                        .telemetry(day: day, counts: counts)
                    )
                }
            }
        }
        waiting.on(API.subscribe) { request, context in
            try await write(request, context, backend, status: .created) { body in
                WriteValidation.subscription(body, catalog: backend.catalog).map { subscription in
                    let id = "s-" + randomHex(bytes: 8)
                    return (WriteAccepted(id: id, accepted: 1), .subscription(id: id, subscription))
                }
            }
        }
        AdminRoutes.add(to: waiting, backend: backend)
        alsoServe?(router)
        return router
    }

    // MARK: Handlers

    private static func bootstrap(_ request: Request, _ context: ServerContext, _ backend: ReferenceBackend)
        async throws -> Response
    {
        let policy = backend.policy
        let now = backend.configuration.now()
        let client = backend.configuration.trustedProxies.clientAddress(
            peer: context.peerAddress, forwardedFor: request.headers[.xForwardedFor])
        guard await backend.allow(backend.addressLimit, client, now: now) else {
            return rateLimited("Too many bootstrap calls from this address", policy: policy)
        }
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: 4096)
        } catch {
            return Responses.problem(
                Problems.make(.payloadTooLarge, "Bootstrap bodies are at most 4 KiB"), policy: policy)
        }
        let asking: BootstrapRequest
        do {
            asking = try ContractCoding.decode(BootstrapRequest.self, from: Data(buffer: body))
        } catch {
            return Responses.problem(Problems.make(.invalidBody, error.description), policy: policy)
        }
        guard (16...64).contains(asking.installId.count),
            asking.installId.allSatisfy({ $0.isHexDigit && !$0.isUppercase })
        else {
            return Responses.problem(
                Problems.make(.invalidBody, "installId must be 16 to 64 lowercase hex digits"), policy: policy)
        }
        guard (1...64).contains(asking.app.count), (1...32).contains(asking.appVersion.count) else {
            return Responses.problem(
                Problems.make(.invalidBody, "app must be 1 to 64 and appVersion 1 to 32 characters"), policy: policy)
        }
        guard await backend.allow(backend.installLimit, asking.installId, now: now) else {
            return rateLimited("Too many bootstrap calls for this install", policy: policy)
        }
        let grant: TokenIssuer.Grant
        do { grant = try await backend.issuer.issue(now: now) } catch {
            return Responses.problem(Problems.keysUnavailable(error), policy: policy)
        }
        return Responses.encoded(
            BootstrapResponse(
                accessToken: grant.token, tokenExpiresAt: grant.expiresAt,
                signingKey: SigningKey(keyId: grant.keyId, secret: grant.secret.base64EncodedString()),
                policy: policy.clientPolicy, serverTime: now), policy: policy)
    }

    private static func rateLimited(_ detail: String, policy: PolicyState) -> Response {
        var response = Responses.problem(Problems.make(.rateLimited, detail), policy: policy)
        response.headers[.retryAfter] = "2"
        return response
    }

    /// Verifies the request; nil when it may proceed.
    private static func verify(_ request: Request, _ context: ServerContext, _ backend: ReferenceBackend, body: Data?)
        async -> Problem?
    {
        if backend.faults.current.rejectProofs, request.headers[.signature] != nil {
            return Problems.make(.proofInvalid, "injected fault: every request proof is refused")
        }
        let incoming = RequestVerifier.Incoming(
            method: request.method.rawValue,
            targetURI: "http://\(request.head.authority ?? backend.configuration.host)\(request.uri.description)",
            authorization: request.headers[.authorization], signatureInput: request.headers[.signatureInput],
            signature: request.headers[.signature], contentDigest: request.headers[.contentDigest], body: body,
            isWrite: Models.HTTPMethod(rawValue: request.method.rawValue).isWrite)
        switch await backend.verifier.verify(incoming, now: backend.configuration.now()) {
        case .success: return nil
        case .failure(let problem): return problem
        }
    }

    /// Serves a park-data response: faults, trust, cache, conditional request.
    private static func parkData(
        _ request: Request, _ context: ServerContext, _ backend: ReferenceBackend, park: String?,
        respond: (Date) throws -> EncodedResponse?
    ) async throws -> Response {
        // Only an injected delay or an on-demand collection can make a read wait; the rest is built from memory.
        let latency = backend.faults.current.latency
        guard latency > .zero || backend.configuration.onDemandInterval != nil else {
            return try await serveParkData(request, context, backend, park: park, respond: respond)
        }
        return try await RequestDeadline.answer(within: backend.configuration.requestTimeout, policy: backend.policy) {
            if latency > .zero { try await Task.sleep(for: latency) }
            return try await serveParkData(request, context, backend, park: park, respond: respond)
        }
    }

    private static func serveParkData(
        _ request: Request, _ context: ServerContext, _ backend: ReferenceBackend, park: String?,
        respond: (Date) throws -> EncodedResponse?
    ) async throws -> Response {
        let policy = backend.policy
        let faults = backend.faults.current
        if backend.faults.shouldFailThisRequest() {
            return Responses.problem(Problems.make(.sourceUnavailable, "injected server error"), policy: policy)
        }
        if let problem = await verify(request, context, backend, body: nil) {
            return Responses.problem(problem, policy: policy)
        }
        if let park, backend.catalog.park(ParkID(park)) == nil {
            let names = backend.catalog.suggestions(for: park).map(\.id.rawValue).joined(separator: ", ")
            return Responses.problem(
                Problems.make(.unknownPark, "No park '\(park.prefix(64))'. Did you mean: \(names)?"), policy: policy)
        }
        await backend.collectOnDemand(park: park.map { ParkID($0) })
        guard let encoded = try respond(backend.configuration.now()) else {
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

    /// Builds a park-scoped response through its cache (for another park when the wrong-park fault is on).
    private static func build<Value: AgeableResponse>(
        _ backend: ReferenceBackend, _ context: ServerContext, _ now: Date, cache: ResponseCache<Value>, name: String,
        make: (Park, ParkSnapshot) -> Value
    ) throws -> EncodedResponse? {
        guard var park = backend.catalog.park(ParkID(context.parameters.get(Route.parkParameter) ?? "")) else {
            return nil
        }
        let faults = backend.faults.current
        if faults.wrongPark, let index = backend.catalog.parks.firstIndex(of: park) {
            park = backend.catalog.parks[(index + 1) % backend.catalog.parks.count]
        }
        let snapshot = backend.collector.snapshot(park.id)
        return cache.response(key: ReferenceBackend.cacheKey(name, park.id), version: snapshot.version, now: now) {
            if faults.rebuildFails { throw RebuildFailure() }
            return make(park, snapshot)
        }
    }

    private static func write(
        _ request: Request, _ context: ServerContext, _ backend: ReferenceBackend, status: HTTPResponse.Status,
        accept: (Data) -> Result<(WriteAccepted, ClientWrite.Effect), Problem>
    ) async throws -> Response {
        let policy = backend.policy
        let collected: ByteBuffer
        do {
            collected = try await request.body.collect(upTo: 16 * 1024)
        } catch {
            return Responses.problem(Problems.make(.payloadTooLarge, "Write bodies are at most 16 KiB"), policy: policy)
        }
        let body = Data(buffer: collected)
        if let problem = await verify(request, context, backend, body: body) {
            return Responses.problem(problem, policy: policy)
        }
        guard let key = request.headers[.idempotencyKey], (8...128).contains(key.count) else {
            return Responses.problem(
                Problems.make(.badRequest, "Writes need an Idempotency-Key of 8 to 128 characters"), policy: policy)
        }
        switch accept(body) {
        case .failure(let problem):
            return Responses.problem(problem, policy: policy)
        case .success(let (accepted, effect)):
            let answer: Data
            do {
                answer = try await backend.shared.records.applyOnce(
                    ClientWrite(
                        idempotencyKey: request.uri.path + "\u{1F}" + key, answer: try ContractCoding.encode(accepted),
                        effect: effect),
                    now: backend.configuration.now())
            } catch {
                return Responses.problem(
                    Problems.make(.storageUnavailable, "The write could not be stored: \(error)"), policy: policy)
            }
            return Responses.json(answer, status: status, policy: policy)
        }
    }
}

struct RebuildFailure: Error {}

/// Turns any error escaping a route into an RFC 9457 problem (a 404 route becomes `not_found`).
struct ProblemMiddleware: RouterMiddleware {
    typealias Context = ServerContext
    let policy: PolicyState

    func handle(_ request: Request, context: ServerContext, next: (Request, ServerContext) async throws -> Response)
        async throws -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as HTTPError {
            // A known path with another method: 405 naming what the path takes, not the method asked (behind nginx a
            // refused TRACE arrives as OPTIONS).
            let methods = error.status == .notFound ? API.methods(forPath: request.uri.path) : []
            guard !methods.isEmpty else { return Self.problem(error, policy: policy) }
            let allowed = methods.map(\.rawValue).joined(separator: ", ")
            var response = Responses.problem(
                Problems.make(.badRequest, "This path takes only \(allowed)"), policy: policy)
            response.status = .methodNotAllowed
            response.headers[.allow] = allowed
            return response
        } catch {
            return Responses.problem(Problems.make(.internalError), policy: policy)
        }
    }

    /// A router error (no route, a body too large, a bad request) as a problem with its status.
    static func problem(_ error: HTTPError, policy: PolicyState) -> Response {
        let code: ProblemCode =
            error.status == .notFound ? .notFound : error.status.code == 413 ? .payloadTooLarge : .badRequest
        var problem = Problems.make(code, error.body)
        problem.status = error.status.code
        return Responses.problem(problem, policy: policy)
    }
}
