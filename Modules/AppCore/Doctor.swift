import AppBackend
import Cache
import Foundation
import Models
import Networking
import Storage
import WidgetSnapshot

/// Health checks for `hangangjari doctor`: API reachable, token, policy, clock skew, cache and container health.
public enum Doctor {
    /// What a check covers; the screens put it into words.
    public enum Check: String, Sendable, CaseIterable {
        case backend, container, settings, cache, snapshots, api, token, policy, clock
    }

    public enum Status: String, Sendable {
        case ok, warning, failed
    }

    /// One result; `detail` is technical and kept as the system said it.
    public struct Result: Sendable, Equatable {
        public var check: Check
        public var status: Status
        public var detail: String
    }

    /// Runs every check; network checks give up after `timeout` seconds.
    public static func run(configuration: AppConfiguration, container: SharedContainer, timeout: Double = 5, now: Date = Date()) async -> [Result] {
        var results: [Result] = []
        let origin = BackendOrigin(configuration)
        switch origin {
        case .configured(let url): results.append(Result(check: .backend, status: .ok, detail: url))
        case .embedded(let real):
            results.append(Result(check: .backend, status: .ok, detail: real ? "embedded reference backend, Seoul Open Data" : "embedded reference backend, simulated data"))
        }
        do {
            try container.prepare()
            let probe = container.file(".doctor-probe")
            try AtomicFile.write(Data("ok".utf8), to: probe)
            try? FileManager.default.removeItem(at: probe)
            let mode = (try? FileManager.default.attributesOfItem(atPath: container.url.path)[.posixPermissions] as? Int) ?? 0
            results.append(Result(check: .container, status: mode & 0o077 == 0 ? .ok : .warning,
                                  detail: "\(container.url.path) (mode \(String(mode, radix: 8)))"))
        } catch {
            results.append(Result(check: .container, status: .failed, detail: "\(error)"))
        }
        let (settings, warning) = SettingsStore(container: container).load()
        results.append(Result(check: .settings, status: warning == nil ? .ok : .warning,
                              detail: warning ?? "\(settings.favorites.count) favourite(s)"))
        if let cache = BackendSession.openCache(origin: origin, container: container) {
            let parks = Catalog.bundled.parks.filter { (try? cache.homeSummary($0.id)) != nil }.count
            results.append(Result(check: .cache, status: cache.warnings.isEmpty ? .ok : .warning,
                                  detail: (cache.warnings + ["\(cache.url.path): \(parks) of 11 parks cached"]).joined(separator: "; ")))
        } else {
            results.append(Result(check: .cache, status: .failed, detail: "cannot open \(container.file(origin.cacheFileName).path)"))
        }
        let store = SnapshotStore(container: container)
        var readable = 0, broken: [String] = []
        for park in Catalog.bundled.parks {
            for kind in WidgetKind.allCases {
                switch store.read(kind, park.id) {
                case .success: readable += 1
                case .failure(.missing): break
                case .failure(let failure): broken.append("\(kind.rawValue)-\(park.id.rawValue): \(failure)")
                }
            }
        }
        results.append(Result(check: .snapshots, status: broken.isEmpty ? .ok : .warning,
                              detail: (["\(readable) readable"] + broken).joined(separator: "; ")))
        results += await networkChecks(configuration: configuration, container: container, timeout: timeout)
        return results
    }

    static func networkChecks(configuration: AppConfiguration, container: SharedContainer, timeout: Double) async -> [Result] {
        let session: BackendSession
        do {
            session = try await BackendSession.open(configuration: configuration, container: container, timeout: timeout)
        } catch {
            return [Result(check: .api, status: .failed, detail: "\(error)")]
        }
        var results: [Result] = []
        let asked = Date()
        do {
            let health = try await session.client.health()
            let skew = health.serverTime.timeIntervalSince(asked)
            results.append(Result(check: .api, status: health.status == .known(.ok) ? .ok : .warning,
                                  detail: "\(session.baseURL) \(health.status.rawValue), version \(health.version), source \(health.source)"))
            results.append(Result(check: .clock, status: abs(skew) < 60 ? .ok : .warning, detail: "server clock differs by \(Int(skew.rounded())) s"))
        } catch {
            return [Result(check: .api, status: .failed, detail: "\(session.baseURL): \(error)")]
        }
        do {
            _ = try await session.client.parks()
            let diagnostics = await session.client.diagnostics
            let signed = diagnostics.lastRequestSigned == true
            results.append(Result(check: .token, status: signed ? .ok : .warning,
                                  detail: signed ? "signed requests accepted; token valid until \(diagnostics.tokenExpiresAt.map { ISO8601.format($0) } ?? "?")"
                                      : "reads went unsigned: \(diagnostics.lastFallbackReason ?? "?")"))
        } catch {
            results.append(Result(check: .token, status: .failed, detail: "\(error)"))
        }
        if let policy = try? await session.client.policy() {
            results.append(Result(check: .policy, status: .ok,
                                  detail: "unsigned reads \(policy.unsignedReads.rawValue)\(configuration.strictSigning ? " (strict signing on here)" : "")"))
        } else {
            results.append(Result(check: .policy, status: .warning, detail: "could not read the policy"))
        }
        return results
    }
}
