import Foundation
import Models

extension ParkResponses {
    /// Whether this instance should get traffic: the history store answers, the first collection has run, someone
    /// collects (this instance, or another whose snapshots arrive), and the parking source has answered for at least
    /// one park. A source that fails for some parks does not make the
    /// instance unready (every instance would fail alike, and stale values are served, marked stale).
    public func readiness(version: String) async -> HealthResponse {
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
        if onDemandInterval == nil {
            checks.append(
                HealthCheck(
                    name: "collection", ok: attempted == snapshots.count,
                    detail: "\(attempted) of \(snapshots.count) parks collected at least once"))
            checks.append(collectorCheck())
        }
        checks.append(
            HealthCheck(
                name: "parking", ok: answered > 0 || attempted == 0,
                detail: "\(answered) of \(snapshots.count) parks have had an answer from \(builder.source.name)"))
        let ready = checks.allSatisfy(\.ok)
        return HealthResponse(
            status: .known(ready ? .ok : .degraded), version: version, source: builder.source.name,
            serverTime: now(), checks: checks)
    }

    /// This instance collects, or the collecting instance's snapshots have arrived within three collection
    /// intervals (it publishes after every round; a listener that died or a collector nobody replaced shows here).
    private func collectorCheck() -> HealthCheck {
        let role = collector.role
        if role.collects { return HealthCheck(name: "collector", ok: true, detail: "this instance collects") }
        guard let adopted = role.lastAdopted else {
            return HealthCheck(
                name: "collector", ok: false, detail: "no snapshot from the collecting instance has arrived yet")
        }
        let age = ContinuousClock.now - adopted
        let seconds = Int(age.components.seconds)
        return HealthCheck(
            name: "collector", ok: age <= collector.parkingInterval * 3,
            detail: "the collecting instance's last snapshot arrived \(seconds) s ago")
    }
}
