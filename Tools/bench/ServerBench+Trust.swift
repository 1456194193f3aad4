import BenchmarkSupport
import Foundation

/// What trust costs, measured in the server bench's own interleaved rounds: signed reads against unsigned ones
/// (the nonce remembered in memory on one instance, in PostgreSQL for the pair) and a bootstrap flood answered by the
/// rate buckets (memory on one instance, `rate_bucket` rows for the pair).
struct TrustRounds {
    /// A wrk run: target URL, script, seconds.
    typealias Run = (String, String?, Int) throws -> WrkResult

    let direct: TrustLoad
    let proxied: TrustLoad?
    let path: String
    /// Proofs made for each signed run: more than any run here serves, so none repeats.
    let proofsPerRun: Int
    let seconds: Int
    var signed: (direct: [WrkResult], proxied: [WrkResult]) = ([], [])
    var flood: (direct: [WrkResult], proxied: [WrkResult]) = ([], [])
    private var nextNonce = 0

    init(direct: TrustLoad, proxied: TrustLoad?, path: String, seconds: Int) {
        self.direct = direct
        self.proxied = proxied
        self.path = path
        self.seconds = seconds
        proofsPerRun = 40_000 * seconds
    }

    /// One signed run and one flood run per target.
    mutating func round(_ run: Run) throws {
        let measured = try measure(direct, run)
        signed.direct.append(measured.signed)
        flood.direct.append(measured.flood)
        if let proxied {
            let measured = try measure(proxied, run)
            signed.proxied.append(measured.signed)
            flood.proxied.append(measured.flood)
        }
    }

    private mutating func measure(_ load: TrustLoad, _ run: Run) throws -> (signed: WrkResult, flood: WrkResult) {
        let script = try load.signedReads(path: path, first: nextNonce, count: proofsPerRun)
        nextNonce += proofsPerRun
        return (
            try run(load.baseURL + path, script, seconds),
            try run(load.baseURL + "/v2/bootstrap", load.floodScript, seconds)
        )
    }

    /// The rows, each against the unsigned read of the same target measured in the same rounds.
    func rows(unsignedDirect: WrkResult, unsignedProxied: WrkResult?) -> [BenchmarkRow] {
        var rows = [Self.signedRow("one instance direct, nonce in memory", signed.direct, unsignedDirect)]
        if let unsignedProxied, !signed.proxied.isEmpty {
            rows.append(
                Self.signedRow("two instances behind nginx, nonce in PostgreSQL", signed.proxied, unsignedProxied))
        }
        let direct = WrkResult.median(flood.direct)
        rows.append(floodRow("one instance direct, buckets in memory", direct, reference: nil))
        if !flood.proxied.isEmpty {
            rows.append(
                floodRow(
                    "two instances behind nginx, buckets in PostgreSQL", WrkResult.median(flood.proxied),
                    reference: direct))
        }
        return rows
    }

    static func signedRow(_ target: String, _ runs: [WrkResult], _ unsigned: WrkResult) -> BenchmarkRow {
        let signed = WrkResult.median(runs)
        let refused = runs.map(\.non2xx).reduce(0, +)
        return BenchmarkRow(
            figure: "signed home-summary (a fresh proof each), \(target): req/s (p99)",
            value: String(format: "%.0f (%.2f ms)", signed.requestsPerSecond, signed.p99Milliseconds),
            reference: String(
                format: "unsigned %.0f (%.2f ms)", unsigned.requestsPerSecond, unsigned.p99Milliseconds),
            ratio: String(format: "%.2f", signed.requestsPerSecond / unsigned.requestsPerSecond),
            goal: "every proof accepted", met: refused == 0)
    }

    /// A flood may get the burst (20) and what refills during its run (one every two seconds), no more.
    func floodRow(_ target: String, _ flood: WrkResult, reference: WrkResult?) -> BenchmarkRow {
        let allowed = 20 + seconds / 2 + 1
        return BenchmarkRow(
            figure: "bootstrap flood from one address and install, \(target): answers/s (p99), refused",
            value: String(
                format: "%.0f (%.2f ms), %d of %d", flood.requestsPerSecond, flood.p99Milliseconds, flood.non2xx,
                flood.requests),
            reference: reference.map {
                String(format: "one instance %.0f (%.2f ms)", $0.requestsPerSecond, $0.p99Milliseconds)
            } ?? "",
            ratio: reference.map { String(format: "%.2f", flood.requestsPerSecond / $0.requestsPerSecond) } ?? "",
            goal: "at most \(allowed) accepted",
            met: flood.requests - flood.non2xx <= allowed && flood.socketErrors == 0)
    }
}
