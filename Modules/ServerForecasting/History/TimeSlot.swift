import Foundation

/// The history's and the forecaster's unit of time: five minutes, numbered from 1970-01-01 00:00 UTC, so that every
/// day holds ``perDay`` of them whatever its offset (Seoul keeps no summer time). Readings are kept one per lot and
/// slot; forecasts look back by whole days and weeks of slots.
public enum TimeSlot {
    /// Seconds in a slot.
    public static let seconds = 300
    /// Slots in a day.
    public static let perDay = 86_400 / seconds
    /// Slots in a week.
    public static let perWeek = 7 * perDay

    /// The slot an instant falls in.
    public static func index(of date: Date) -> Int {
        Int((date.timeIntervalSince1970 / Double(seconds)).rounded(.down))
    }

    /// The instant a slot starts.
    public static func start(of slot: Int) -> Date { Date(timeIntervalSince1970: Double(slot * seconds)) }
}
