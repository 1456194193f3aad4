import Foundation
import Models

extension ReferenceBackend {
    /// Whether this instance should get traffic: the history store answers, the first collection has run, and the
    /// parking source has answered for at least one park. A source that fails for some parks does not make the
    /// instance unready (every instance would fail alike, and stale values are served, marked stale).
    func readiness() async -> HealthResponse {
        var checks: [HealthCheck] = []
        do {
            if let lot = catalog.lots.first { _ = try await collector.history.latestBucket(lot: lot.id) }
            checks.append(HealthCheck(name: "history", ok: true))
        } catch {
            checks.append(
                HealthCheck(name: "history", ok: false, detail: "the history store does not answer: \(error)"))
        }
        let snapshots = catalog.parks.map { collector.snapshot($0.id) }
        let attempted = snapshots.filter { $0.parking.lastAttemptAt != nil }.count
        let answered = snapshots.filter { $0.parking.lastSuccessAt != nil }.count
        if configuration.onDemandInterval == nil {
            checks.append(
                HealthCheck(
                    name: "collection", ok: attempted == snapshots.count,
                    detail: "\(attempted) of \(snapshots.count) parks collected at least once"))
        }
        checks.append(
            HealthCheck(
                name: "parking", ok: answered > 0 || attempted == 0,
                detail: "\(answered) of \(snapshots.count) parks have had an answer from \(builder.source.name)"))
        let ready = checks.allSatisfy(\.ok)
        return HealthResponse(
            status: .known(ready ? .ok : .degraded), version: configuration.version, source: builder.source.name,
            serverTime: configuration.now(), checks: checks)
    }
}
