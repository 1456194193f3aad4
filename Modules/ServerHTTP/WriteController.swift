import Foundation
import HTTPTypes
import Hummingbird
import Models
import RequestProof
import ServerTrust

/// The signed writes, `POST /v2/telemetry` and `POST /v2/push/subscriptions`: validated, then applied once per
/// Idempotency-Key in the client records.
public struct WriteController: Sendable {
    let gate: RequestGate
    let records: any ClientRecordStore
    let catalog: Catalog
    let policy: PolicyState
    let now: @Sendable () -> Date

    public init(
        gate: RequestGate, records: any ClientRecordStore, catalog: Catalog, policy: PolicyState,
        now: @escaping @Sendable () -> Date
    ) {
        self.gate = gate
        self.records = records
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
        router.on(API.subscribe) { request, _ in
            await write(request, status: .created) { body in
                WriteValidation.subscription(body, catalog: catalog).map { subscription in
                    let id = "s-" + randomHex(bytes: 8)
                    return (WriteAccepted(id: id, accepted: 1), .subscription(id: id, subscription))
                }
            }
        }
    }

    private func write(
        _ request: Request, status: HTTPResponse.Status,
        accept: (Data) -> Result<(WriteAccepted, ClientWrite.Effect), Problem>
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
