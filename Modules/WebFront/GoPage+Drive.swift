import Foundation
import Localization
import Models
import ScreenRows

/// What `/go`'s script needs to rank every lot by the phone's own drive, as `hangangjari go --from` ranks them
/// (`ArrivalRanking`): each lot's place, hours, live count and forecast points, its park's parking state and road
/// speed, its map links, and the words with their blanks. The position stays on the phone; the server is told
/// nothing of it.
extension GoPage {
    struct DriveData: Encodable {
        /// The page's now and the answer's making, seconds since 1970.
        var now: Double
        var generated: Double
        var words: [String: String]
        var lots: [Lot]
    }

    struct Lot: Encodable {
        var id: String
        var name: String
        var lat: Double
        var lon: Double
        var open: String
        var close: String
        var threshold: Int
        /// The park's parking state (`fresh`, `no_item`, `stale`, ...), nil when the answer lacks the park.
        var state: String?
        var stateAt: Double?
        var speed: Double?
        /// `[observedAt, available]` of the live count.
        var live: [Double]?
        /// `[at, p10, p50, p90, risk]` per point.
        var points: [[Double]]
        var maps: [[String: String]]
    }

    /// The data as the attribute's JSON.
    static func driveData(_ answer: LotForecastsResponse, _ scope: PageScope) -> String {
        let l = scope.l
        let lots = scope.ctx.catalog.lots.map { lot -> Lot in
            let entry = answer.park(lot.parkId)
            let parking = entry?.freshness[.parking]
            let status = entry?.status(lot.id)
            let live = status.flatMap { status in
                status.available.flatMap { count in status.observedAt.map { [$0.timeIntervalSince1970, Double(count)] }
                }
            }
            let points = entry?.forecast(lot.id)?.points ?? []
            return Lot(
                id: lot.id.rawValue, name: scope.ctx.name(lot), lat: lot.coordinate.lat, lon: lot.coordinate.lon,
                open: lot.hours.open, close: lot.hours.close,
                threshold: AlertCondition.defaultThreshold(capacity: lot.capacity),
                state: entry.map { _ in parking?.state.rawValue ?? "unavailable" },
                stateAt: parking?.observedAt?.timeIntervalSince1970, speed: DriveTime.reportedSpeed(entry?.roadTraffic),
                live: live,
                points: points.map {
                    [$0.at.timeIntervalSince1970, Double($0.p10), Double($0.p50), Double($0.p90), $0.riskOfNoSpace]
                },
                maps: PhoneDirections.links(to: lot, scope).map { link in
                    ["name": link["name"] as? String ?? "", "href": link["href"] as? String ?? ""]
                })
        }
        // Blanks the script fills: %@ (or %1$@, %2$@), and the numbers 999, 888, 777 in the durations.
        let words: [String: String] = [
            "header": l(.goHeaderDrive), "outside": l(.webGoOutsideSeoul), "about": l(.goAboutMinutes, "%@"),
            "minutes": l(.durationMinutes, 999), "hours": l(.durationHours, 888),
            "hoursMinutes": l(.durationHoursMinutes, 888, 777), "chance": l(.goChanceOfSpace, "%@"),
            "keeps": l(.goKeepsAbout, "%1$@", "%2$@"), "likelyFull": l(.goLikelyFullBy, "%@"),
            "closedAt": l(.goClosedAt, "%@"), "closedOpens": l(.goClosedOpens, "%1$@", "%2$@"),
            "stale": l(.goUnknownStale, "%@"), "unavailable": l(.goUnknownUnavailable),
            "notInAnswer": l(.goUnknownNotInAnswer), "anotherDay": l(.goUnknownAnotherDay, "%@"),
            "beyondReach": l(.goUnknownBeyondReach), "noForecast": l(.goUnknownNoForecast),
            "going": l(.webGoGoing), "tripOn": l(.webGoTripOn, "%1$@", "%2$@"),
        ]
        let data = DriveData(
            now: scope.ctx.now.timeIntervalSince1970, generated: answer.generatedAt.timeIntervalSince1970,
            words: words, lots: lots)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(data)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
