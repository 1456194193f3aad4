import AppCore
import Foundation
import Models
import Repositories

/// `--json` output: the screen's contract data with how far to trust it, for scripts.
public enum JSONOutput {
    struct Envelope<Data: Encodable>: Encodable {
        var park: ParkID?
        var screen: String
        /// `current` or `stale`.
        var trust: String
        var staleReason: String?
        /// `cache`, `network` or `not_modified`.
        var origin: String
        var fetchedAt: Date
        var simulated: Bool
        var deepLink: String?
        var data: Data
    }

    /// The JSON of a tab for the state's park (or the parks list); nil when there is nothing to show.
    public static func render(_ tab: AppTab, _ state: AppState) throws -> Foundation.Data? {
        if tab == .parks {
            guard let list = state.parksList else { return nil }
            return try ContractCoding.encode(Envelope(park: nil, screen: tab.rawValue, trust: trust(list.trust), staleReason: reason(list.trust),
                                       origin: list.origin.rawValue, fetchedAt: list.fetchedAt, simulated: state.simulatedBackend,
                                       deepLink: nil, data: list.value))
        }
        guard let loaded = state.current.summary else { return nil }
        let summary = loaded.value
        func envelope<T: Encodable>(_ data: T) throws -> Foundation.Data {
            try ContractCoding.encode(Envelope(park: summary.park.id, screen: tab.rawValue, trust: trust(loaded.trust), staleReason: reason(loaded.trust),
                                origin: loaded.origin.rawValue, fetchedAt: loaded.fetchedAt, simulated: summary.freshness.isSimulated,
                                deepLink: DeepLink(parkId: summary.park.id, screen: tab.screen).description, data: data))
        }
        switch tab {
        case .home, .parks: return try envelope(summary)
        case .parking: return try envelope(ParkingResponse(parking: summary.parking, generatedAt: summary.generatedAt, freshness: summary.freshness))
        case .forecast: return try envelope(ForecastResponse(forecast: summary.forecast, freshness: summary.freshness))
        case .outing: return try envelope(OutingResponse(outing: summary.outing, generatedAt: summary.generatedAt))
        }
    }

    static func trust(_ trust: LoadTrust) -> String {
        if case .stale = trust { return "stale" }
        return "current"
    }

    static func reason(_ trust: LoadTrust) -> String? {
        if case .stale(let reason) = trust { return reason.technical }
        return nil
    }
}
