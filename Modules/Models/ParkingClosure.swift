import FoundationEssentials

extension OpeningHours {
    /// The next instant at or after `date` when the lot opens (Seoul time), or nil when the hours are malformed or
    /// the lot never closes.
    public func nextOpening(after date: Date) -> Date? {
        guard let (open, close) = minutes, open != close else { return nil }
        let now = SeoulTime(date)
        let openSecond = open * 60
        let dayStart = date.timeIntervalSince1970 - Double(now.secondOfDay)
        let today = Date(timeIntervalSince1970: dayStart + Double(openSecond))
        return now.secondOfDay <= openSecond ? today : today.addingTimeInterval(86_400)
    }
}

/// Every lot of a park is closed: a state of its own, not missing data.
public struct ParkingClosure: Hashable, Sendable {
    /// When the first lot opens again, when the hours say.
    public var opensAt: Date?

    public init(opensAt: Date?) {
        self.opensAt = opensAt
    }
}

extension ParkingAggregate {
    /// The closure at `now`: nil while any lot is open or has a count; else when the first lot opens again. The
    /// server's labels say closed; the hours say until when, but only when the hours are why: a lot closed by a
    /// notice within its hours (a flood, an event) has no known reopening.
    public func closure(at now: Date) -> ParkingClosure? {
        guard !lots.isEmpty, lots.allSatisfy({ $0.status.label == .known(.closed) && $0.status.available == nil })
        else { return nil }
        let minute = SeoulTime(now).minuteOfDay
        guard lots.allSatisfy({ !$0.lot.hours.isOpen(atMinuteOfDay: minute) }) else {
            return ParkingClosure(opensAt: nil)
        }
        return ParkingClosure(opensAt: lots.compactMap { $0.lot.hours.nextOpening(after: now) }.min())
    }
}
