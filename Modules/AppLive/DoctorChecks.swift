import AppBackend
import AppCore
import Cache
import Foundation
import Localization
import Models
import Repositories
import Storage
import WidgetAlerts
import WidgetSnapshot

extension Doctor {
    /// Runs every check; network checks give up after `timeout` seconds. With no API configured, `embedded` starts
    /// the backend the checks reach.
    public static func run(
        configuration: AppConfiguration, container: SharedContainer, embedded: EmbeddedBackend, timeout: Double = 5,
        clock: WallClock = .system
    ) async -> [Result] {
        var results: [Result] = []
        let origin = BackendOrigin(configuration)
        switch origin {
        case .configured(let url): results.append(Result(check: .backend, status: .ok, verbatim: url))
        case .embedded(let real):
            results.append(
                Result(
                    check: .backend, status: .ok,
                    detail: Reason(real ? .doctorDetailEmbeddedSeoul : .doctorDetailEmbeddedSimulated)))
        }
        do {
            try container.prepare()
            let probe = container.file(".doctor-probe")
            try AtomicFile.write(Data("ok".utf8), to: probe)
            try? FileManager.default.removeItem(at: probe)
            let mode =
                (try? FileManager.default.attributesOfItem(atPath: container.url.path)[.posixPermissions] as? Int) ?? 0
            results.append(
                Result(
                    check: .container, status: mode & 0o077 == 0 ? .ok : .warning,
                    detail: Reason(.doctorDetailContainer, container.url.path, String(mode, radix: 8))))
        } catch {
            results.append(Result(check: .container, status: .failed, detail: Reason(error)))
        }
        let (settings, warning) = SettingsStore(container: container).load()
        results.append(
            Result(
                check: .settings, status: warning == nil ? .ok : .warning,
                detail: warning ?? Reason(.doctorDetailFavorites, settings.favorites.count)))
        results.append(alertsCheck(settings, container: container))
        if let cache = BackendSession.openCache(origin: origin, container: container) {
            let reads = ReadThroughCache(cache: cache)
            let parks = Catalog.bundled.parks.filter { reads.cached(.homeSummary($0.id, policy: CachePolicy())) != nil }
                .count
            results.append(
                Result(
                    check: .cache, status: cache.warnings.isEmpty ? .ok : .warning,
                    detail: joined(cache.warnings + [Reason(.doctorDetailCache, cache.url.path, parks)])))
        } else {
            results.append(
                Result(
                    check: .cache, status: .failed,
                    detail: Reason(.doctorDetailCacheUnopenable, container.file(origin.cacheFileName).path)))
        }
        let store = SnapshotStore(container: container)
        var readable = 0
        var broken: [Reason] = []
        // Go has one file for every park (read under the first park's name).
        let files =
            Catalog.bundled.parks.flatMap { park in WidgetKind.summaryKinds.map { ($0, park.id) } }
            + Catalog.bundled.parks.prefix(1).map { (WidgetKind.go, $0.id) }
        for (kind, park) in files {
            switch store.read(kind, park) {
            case .success: readable += 1
            case .failure(.missing): break
            case .failure(let failure):
                let name = kind == .go ? kind.rawValue : "\(kind.rawValue)-\(park.rawValue)"
                broken.append(Reason(.doctorDetailSnapshotBroken, name, "\(failure)"))
            }
        }
        results.append(
            Result(
                check: .snapshots, status: broken.isEmpty ? .ok : .warning,
                detail: joined([Reason(.doctorDetailSnapshots, readable)] + broken)))
        results += await networkChecks(
            configuration: configuration, container: container, embedded: embedded, timeout: timeout, clock: clock)
        return results
    }

    static func networkChecks(
        configuration: AppConfiguration, container: SharedContainer, embedded: EmbeddedBackend, timeout: Double,
        clock: WallClock
    ) async -> [Result] {
        let session: BackendSession
        do {
            session = try await BackendSession.open(
                configuration: configuration, container: container, timeout: timeout, embedded: embedded,
                clock: clock)
        } catch {
            return [Result(check: .api, status: .failed, detail: Reason(error))]
        }
        var results: [Result] = []
        let asked = clock.now()
        do {
            let health = try await session.client.health()
            let skew = health.serverTime.timeIntervalSince(asked)
            results.append(
                Result(
                    check: .api, status: health.status == .known(.ok) ? .ok : .warning,
                    detail: Reason(
                        .doctorDetailApi, session.baseURL, healthWord(health.status), health.version,
                        sourceWord(health.source))))
            results.append(
                Result(
                    check: .clock, status: abs(skew) < 60 ? .ok : .warning,
                    detail: Reason(.doctorDetailClock, Int(skew.rounded()))))
        } catch {
            return [
                Result(
                    check: .api, status: .failed, detail: Reason(.doctorDetailApiFailed, session.baseURL, Reason(error))
                )
            ]
        }
        do {
            _ = try await session.client.parks()
            let diagnostics = await session.client.diagnostics
            let signed = diagnostics.lastRequestSigned == true
            results.append(
                Result(
                    check: .token, status: signed ? .ok : .warning,
                    detail: signed
                        ? Reason(.doctorDetailTokenOk, diagnostics.tokenExpiresAt.map { ISO8601.format($0) } ?? "?")
                        : Reason(.doctorDetailTokenUnsigned, diagnostics.lastFallbackReason ?? "?")))
        } catch {
            results.append(Result(check: .token, status: .failed, detail: Reason(error)))
        }
        if let policy = try? await session.client.policy() {
            results.append(
                Result(
                    check: .policy, status: .ok,
                    detail: Reason(
                        configuration.strictSigning ? .doctorDetailPolicyStrict : .doctorDetailPolicy,
                        policyWord(policy.unsignedReads))))
        } else {
            results.append(Result(check: .policy, status: .warning, detail: Reason(.doctorDetailPolicyUnreadable)))
        }
        if let upstream = await upstreamCheck(session) { results.append(upstream) }
        return results
    }

    /// How the server uses Seoul's API today, when it uses it. An embedded backend has called Seoul only for the
    /// parks asked for: one park with a single area is asked first, so a key is checked with one call.
    static func upstreamCheck(_ session: BackendSession) async -> Result? {
        if session.origin == .embedded(realData: true),
            let park = Catalog.bundled.parks.first(where: { Catalog.bundled.citydataAreas(for: $0.id).count == 1 })
        {
            _ = try? await session.client.homeSummary(park.id)
        }
        guard let sources = try? await session.client.sources(), let usage = sources.upstream else { return nil }
        switch usage.detail?.code {
        case .known(.keyRefused)?:
            return Result(
                check: .upstream, status: .failed,
                detail: Reason(.doctorDetailUpstreamRefused, usage.detail?.text ?? "INFO-100"))
        case .known(.backingOff)?:
            return Result(
                check: .upstream, status: .warning,
                detail: Reason(.doctorDetailUpstreamPaused, usage.detail?.until.map { ISO8601.format($0) } ?? "?"))
        default:
            let calls = Reason(.doctorDetailUpstream, usage.callsToday, usage.day, usage.intervalSeconds)
            guard let dropped = droppedRows(sources) else {
                return Result(check: .upstream, status: .ok, detail: calls)
            }
            return Result(check: .upstream, status: .warning, detail: joined([calls, dropped]))
        }
    }

    /// The rows Seoul sent that could not be read, by park and source ("yeouido chargers 2"); nil when none.
    static func droppedRows(_ sources: SourcesResponse) -> Reason? {
        let named = sources.parks.flatMap { entry in
            entry.sources.compactMap { status -> (String, Int)? in
                guard status.reason?.code == .known(.rowsDropped), let count = status.reason?.count, count > 0 else {
                    return nil
                }
                return ("\(entry.parkId.rawValue) \(status.source.rawValue) \(count)", count)
            }
        }
        guard !named.isEmpty else { return nil }
        return Reason(
            .doctorDetailRowsDropped, named.map(\.1).reduce(0, +), named.map(\.0).joined(separator: ", "))
    }

    /// Alerts: on or off, how many thresholds, and any alert that could not be shown (with the notifier's words).
    static func alertsCheck(_ settings: Settings, container: SharedContainer) -> Result {
        let state = Reason(
            settings.alertsEnabled ? .doctorDetailAlertsOn : .doctorDetailAlertsOff, settings.thresholds.count)
        let undelivered = LocalAlerts(container: container).undelivered()
        guard let first = undelivered.first else { return Result(check: .alerts, status: .ok, detail: state) }
        let kept = Reason(
            .doctorDetailAlertsUndelivered, undelivered.count, first.alert.title, ISO8601.format(first.at),
            first.problem)
        return Result(check: .alerts, status: .warning, detail: joined([state, kept]))
    }

    /// Several details in one, separated by semicolons.
    static func joined(_ reasons: [Reason]) -> Reason {
        reasons.dropFirst().reduce(reasons.first ?? Reason(verbatim: "")) { Reason(.doctorDetailJoined, $0, $1) }
    }

    /// The server's health status in words; an unknown status as the server wrote it.
    static func healthWord(_ status: OpenEnum<HealthResponse.Status>) -> Reason {
        switch status {
        case .known(.ok): Reason(.doctorValueHealthOk)
        case .known(.degraded): Reason(.doctorValueHealthDegraded)
        case .unknown(let raw): Reason(verbatim: raw)
        }
    }

    /// The reference server's data source in words; another server's source as it wrote it.
    static func sourceWord(_ source: String) -> Reason {
        switch source {
        case "simulated": Reason(.doctorValueSourceSimulated)
        case "Seoul citydata": Reason(.doctorValueSourceCitydata)
        default: Reason(verbatim: source)
        }
    }

    /// The unsigned-read policy in words; an unknown value as the server wrote it.
    static func policyWord(_ policy: OpenEnum<UnsignedReadPolicy>) -> Reason {
        switch policy {
        case .known(.allow): Reason(.doctorValueAllow)
        case .known(.deny): Reason(.doctorValueDeny)
        case .unknown(let raw): Reason(verbatim: raw)
        }
    }
}
