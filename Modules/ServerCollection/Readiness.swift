import Foundation
import Models

extension ParkResponses {
    /// Whether this instance should get traffic: the history store answers, the first collection has run, someone
    /// collects (this instance, or another whose collected values arrive), and the parking source has answered for at least
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
        let collected = catalog.parks.map { collector.collected($0.id) }
        let attempted = collected.filter { $0.parking.lastAttemptAt != nil }.count
        let answered = collected.filter { $0.parking.lastSuccessAt != nil }.count
        if onDemandInterval == nil {
            checks.append(
                HealthCheck(
                    name: "collection", ok: attempted == collected.count,
                    detail: "\(attempted) of \(collected.count) parks collected at least once"))
            checks.append(collectorCheck())
        }
        checks.append(
            HealthCheck(
                name: "parking", ok: answered > 0 || attempted == 0,
                detail: "\(answered) of \(collected.count) parks have had an answer from \(builder.source.name)"))
        let ready = checks.allSatisfy(\.ok)
        return HealthResponse(
            status: .known(ready ? .ok : .degraded), version: version, source: builder.source.name,
            serverTime: now(), checks: checks)
    }

    /// This instance collects, or the collecting instance's collected values have arrived within three collection
    /// intervals (it publishes after every round; a listener that died or a collector nobody replaced shows here).
    private func collectorCheck() -> HealthCheck {
        let role = collector.role
        if role.collects { return HealthCheck(name: "collector", ok: true, detail: "this instance collects") }
        guard let adopted = role.lastAdopted else {
            return HealthCheck(
                name: "collector", ok: false,
                detail: "no collected values from the collecting instance have arrived yet")
        }
        let age = ContinuousClock.now - adopted
        let seconds = Int(age.components.seconds)
        return HealthCheck(
            name: "collector", ok: age <= collector.parkingInterval * 3,
            detail: "the collecting instance's last collected values arrived \(seconds) s ago")
    }
}
