import Foundation
import HTTPTypes
import Hummingbird
import Models
import RequestProof
import ServerTrust

/// The signed writes, `POST /v2/telemetry`, `POST /v2/push/subscriptions` and `DELETE
/// /v2/push/subscriptions/{id}`: validated, then applied once per Idempotency-Key in the client records.
public struct WriteController: Sendable {
    let gate: RequestGate
    let records: any ClientRecordStore
    let subscriptions: SubscriptionWrites
    let catalog: Catalog
    let policy: PolicyState
    let now: @Sendable () -> Date

    public init(
        gate: RequestGate, records: any ClientRecordStore, subscriptions: SubscriptionWrites, catalog: Catalog,
        policy: PolicyState, now: @escaping @Sendable () -> Date
    ) {
        self.gate = gate
        self.records = records
        self.subscriptions = subscriptions
        self.catalog = catalog
        self.policy = policy
        self.now = now
    }

    func register(on router: some RouterMethods<ServerContext>) {
        router.on(API.telemetry) { request, _ in
            await write(request, status: .accepted) { body in
                WriteValidation.telemetry(body).map { batch in
                    let day = ISO8601.seoulDay(now())
                    let counts = Dictionary(batch.events.map { ($0.kind.rawValue, 1) }, uniquingKeysWith: +)
                    return (
                        WriteAccepted(id: "t-" + randomHex(bytes: 8), accepted: batch.events.count),
                        .telemetry(day: day, counts: counts)
                    )
                }
            }
        }
        router.on(API.subscribe) { request, context in
            let client = subscriptions.proxies.clientAddress(
                peer: context.peerAddress, forwardedFor: request.headers[.xForwardedFor])
            guard await subscriptions.limits.allow(subscriptions.limits.perAddress, client, now: now()) else {
                return Responses.rateLimited("Too many subscription writes from this address", policy: policy)
            }
            return await write(request, status: .created) { body in
                WriteValidation.subscription(body, catalog: catalog, endpoints: subscriptions.endpoints, now: now()).map
                {
                    subscription in
                    // 128 random bits: the id is what a later DELETE names.
                    let id = "s-" + randomHex(bytes: 16)
                    return (WriteAccepted(id: id, accepted: 1), .subscription(id: id, subscription))
                }
            } admit: { effect in
                guard case .subscription(_, let subscription) = effect else { return nil }
                return await admit(subscription)
            }
        }
        router.on(API.unsubscribe) { request, context in
            if let problem = await gate.refusal(request, body: nil) {
                return Responses.problem(problem, policy: policy)
            }
            let id = context.parameters.get(Route.subscriptionParameter) ?? ""
            guard id.hasPrefix("s-"), (3...64).contains(id.count) else {
                return Responses.problem(Problems.make(.badRequest, "not a subscription id"), policy: policy)
            }
            do {
                _ = try await subscriptions.store.removeSubscription(id: id)
            } catch {
                return Responses.problem(
                    Problems.make(.storageUnavailable, "The subscription could not be removed: \(error)"),
                    policy: policy)
            }
            return Response(status: .noContent)
        }
    }

    /// The problem that refuses a valid subscription: too many writes for its install, or too many kept.
    private func admit(_ subscription: PushSubscription) async -> Response? {
        guard await subscriptions.limits.allow(subscriptions.limits.perInstall, subscription.installHash, now: now())
        else { return Responses.rateLimited("Too many subscription writes for this install", policy: policy) }
        do {
            let counts = try await subscriptions.store.subscriptionCounts(
                install: subscription.installHash, besides: subscription.targetID)
            if counts.install >= subscriptions.perInstall {
                return Responses.problem(
                    Problems.make(
                        .invalidBody,
                        "an install keeps at most \(subscriptions.perInstall) alerts; stop one first"),
                    policy: policy)
            }
            if counts.total >= subscriptions.total {
                return Responses.problem(
                    Problems.make(.storageUnavailable, "this deployment keeps no more alerts for now"), policy: policy)
            }
        } catch {
            return Responses.problem(
                Problems.make(.storageUnavailable, "The subscription could not be counted: \(error)"), policy: policy)
        }
        return nil
    }

    /// Checks the proof, validates the body with `accept`, lets `admit` refuse what the limits do not allow, then
    /// applies the write once per Idempotency-Key.
    private func write(
        _ request: Request, status: HTTPResponse.Status,
        accept: (Data) -> Result<(WriteAccepted, ClientWrite.Effect), Problem>,
        admit: (ClientWrite.Effect) async -> Response? = { _ in nil }
    ) async -> Response {
        let collected: ByteBuffer
        do {
            collected = try await request.body.collect(upTo: 16 * 1024)
        } catch {
            return Responses.problem(Problems.make(.payloadTooLarge, "Write bodies are at most 16 KiB"), policy: policy)
        }
        let body = Data(buffer: collected)
        if let problem = await gate.refusal(request, body: body) {
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
            if let refusal = await admit(effect) { return refusal }
            let answer: Data
            do {
                answer = try await records.applyOnce(
                    ClientWrite(
                        idempotencyKey: request.uri.path + "\u{1F}" + key, answer: try ContractCoding.encode(accepted),
                        effect: effect),
                    now: now())
            } catch {
                return Responses.problem(
                    Problems.make(.storageUnavailable, "The write could not be stored: \(error)"), policy: policy)
            }
            return Responses.json(answer, status: status, policy: policy)
        }
    }
}
