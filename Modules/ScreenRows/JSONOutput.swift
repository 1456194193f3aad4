import AppCore
import Foundation
import Localization
import Models
import Repositories

/// `--json` output: the screen's contract data with how far to trust it, for scripts.
public enum JSONOutput {
    struct Envelope<Data: Encodable>: Encodable {
        var park: ParkID?
        var screen: String
        /// The verdict's word: `current`, `stale` or `unavailable` (the exit status says the same: 0, 3, 4).
        var trust: String
        /// Why it is not current (stale or unavailable), in English.
        var staleReason: String?
        /// `cache`, `network` or `not_modified`; absent when there is nothing to show.
        var origin: String?
        var fetchedAt: Date?
        var simulated: Bool
        var deepLink: String?
        /// The page of the same park and screen for a phone, when the deployment has public pages.
        var page: String?
        /// Each source's state as the screen shows it (`parking`: `fresh`, `weather`: `unavailable`, ...).
        var sources: [String: String]?
        /// The sources the verdict (`trust`, and the exit status) stands on: the screen's main values.
        var decidedBy: [String]?
        var data: Data?
    }

    /// The verdict on what a tab shows for the state's park (or on the parks list).
    public static func verdict(_ tab: AppTab, _ state: AppState) -> TrustVerdict {
        if tab == .parks {
            return state.parksList?.deliveryVerdict ?? .unavailable(reason: Reason(.reasonParksListUnavailable))
        }
        return state.current.summary?.verdict(shownOn: tab.screen)
            ?? .unavailable(reason: state.current.unavailableReason ?? Reason(.reasonNothingFetched))
    }

    /// The JSON of a tab for the state's park (or the parks list); with nothing to show, the envelope alone says why.
    public static func render(_ tab: AppTab, _ state: AppState) throws -> Foundation.Data {
        let verdict = verdict(tab, state)
        if tab == .parks {
            let list = state.parksList
            return try ContractCoding.encode(
                Envelope(
                    park: nil, screen: tab.rawValue, trust: verdict.word, staleReason: verdict.reason?.technical,
                    origin: list?.origin.rawValue, fetchedAt: list?.fetchedAt, simulated: state.simulatedBackend,
                    deepLink: nil, page: nil, sources: nil, decidedBy: nil, data: list?.value))
        }
        let decidedBy = Freshness.mainSources(of: tab.screen).map(\.rawValue).sorted()
        let deepLink = DeepLink(parkId: state.parkId, screen: tab.screen)
        let link = deepLink.description
        let page = state.pageAddress?.page(deepLink)
        guard let loaded = state.current.summary else {
            return try ContractCoding.encode(
                Envelope<HomeSummary>(
                    park: state.parkId, screen: tab.rawValue, trust: verdict.word,
                    staleReason: verdict.reason?.technical,
                    origin: nil, fetchedAt: nil, simulated: state.simulatedBackend, deepLink: link, page: page,
                    sources: nil, decidedBy: decidedBy, data: nil))
        }
        let summary = loaded.shown
        let sources = Dictionary(
            summary.freshness.sources.map { ($0.source.rawValue, $0.state.rawValue) }, uniquingKeysWith: { a, _ in a })
        func envelope<T: Encodable>(_ data: T) throws -> Foundation.Data {
            try ContractCoding.encode(
                Envelope(
                    park: summary.park.id, screen: tab.rawValue, trust: verdict.word,
                    staleReason: verdict.reason?.technical,
                    origin: loaded.origin.rawValue, fetchedAt: loaded.fetchedAt,
                    simulated: summary.freshness.isSimulated,
                    deepLink: link, page: page, sources: sources, decidedBy: decidedBy, data: data))
        }
        switch tab {
        // The go tab is printed by `hangangjari go`, which writes its own JSON.
        case .home, .parks, .go: return try envelope(summary)
        case .parking:
            return try envelope(
                ParkingResponse(
                    parking: summary.parking, generatedAt: summary.generatedAt, freshness: summary.freshness))
        case .forecast: return try envelope(ForecastResponse(forecast: summary.forecast, freshness: summary.freshness))
        case .outing:
            let whole = summary.withWayThere(of: state.current.outing?.value.outing)
            return try envelope(OutingResponse(outing: whole.outing, generatedAt: summary.generatedAt))
        }
    }
}
