import FoundationEssentials
import Models

/// "Good to go today?" with its reason.
public struct Verdict: Codable, Sendable, Equatable {
    public enum Call: String, Codable, Sendable {
        case go, caution, skip
    }

    public enum Reason: String, Codable, Sendable {
        case calm, crowded, wet
        case badAir = "bad_air"
        case event, closure
        case parkingFull = "parking_full"
        case noData = "no_data"
        case parkingClosed = "parking_closed"
        case lateNight = "late_night"
    }

    public var call: Call
    public var reason: Reason

    public init(call: Call, reason: Reason) {
        self.call = call
        self.reason = reason
    }
}

extension Verdict {
    /// Late-night hours in Seoul (22:00–06:00), when the verdict never says "good to go".
    public static let lateNight = (from: 22 * 60, until: 6 * 60)

    /// Skip when wet, bad air or the lots are full; caution when the lots are closed, late at night, crowded, an
    /// event or a closure; otherwise go.
    public static func judge(_ summary: HomeSummary, now: Date) -> Verdict {
        let signals = summary.outing.signals
        guard signals.crowd != nil || signals.weather != nil else { return Verdict(call: .caution, reason: .noData) }
        if let p = signals.weather?.precipitation?.known, p != .none { return Verdict(call: .skip, reason: .wet) }
        if let air = signals.weather?.air?.known, air == .bad || air == .veryBad {
            return Verdict(call: .skip, reason: .badAir)
        }
        if summary.parking.totalAvailable == 0 { return Verdict(call: .skip, reason: .parkingFull) }
        if summary.parking.closure(at: now) != nil { return Verdict(call: .caution, reason: .parkingClosed) }
        let minute = SeoulTime(now).minuteOfDay
        if minute >= lateNight.from || minute < lateNight.until { return Verdict(call: .caution, reason: .lateNight) }
        if let crowd = signals.crowd?.level.known, crowd >= .slightlyCrowded {
            return Verdict(call: .caution, reason: .crowded)
        }
        if !signals.events.isEmpty { return Verdict(call: .caution, reason: .event) }
        if signals.notices.contains(where: { $0.kind == .known(.closure) }) {
            return Verdict(call: .caution, reason: .closure)
        }
        return Verdict(call: .go, reason: .calm)
    }
}
