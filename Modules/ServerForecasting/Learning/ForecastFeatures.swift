import Foundation
import Models

/// What a learned forecast knows at its start about one lot and one horizon: the same features in training, in the
/// backtest and when serving, computed from values up to the start only.
///
/// Counts are shares of the lot's capacity, so one model serves lots of every size; the label is the change of free
/// spaces from the start to the target, as a share of capacity.
public enum ForecastFeatures {
    /// The feature names, in column order (the backtest's export and the reference model read them by name).
    public static let names = [
        "horizon", "capacity", "start_minute", "target_minute", "target_weekday", "target_kind",
        "now", "change_15", "change_30", "change_60", "week_before_target", "week_before_change",
        "same_kind_target_4", "same_kind_offset_4", "same_kind_change_6", "same_kind_offset_6", "rule_change",
        "same_kind_change_spread",
    ]
    static let ruleColumn = names.firstIndex(of: "rule_change")!
    static let horizonColumn = names.firstIndex(of: "horizon")!
    static let kindColumn = names.firstIndex(of: "target_kind")!
    static let targetMinuteColumn = names.firstIndex(of: "target_minute")!

    /// The calibrated band a row's forecast takes (its horizon, day kind and time of day).
    public static func bandKey(_ row: [Float]) -> ConformalBands.Key {
        ConformalBands.Key(
            minutes: Int(row[horizonColumn]), kind: Int(row[kindColumn]),
            block: ConformalBands.block(minuteOfDay: Int(row[targetMinuteColumn])))
    }

    /// Where the learned model starts from: the rule's change (the model learns what the rule misses), 0 without it.
    public static func base(_ row: [Float]) -> Float {
        row[ruleColumn].isNaN ? 0 : row[ruleColumn]
    }

    /// The rule the model starts from: its baseline days, how far back they are looked for, and its fading of
    /// today's offset are the features' too.
    static let theRule = Forecaster()
    /// How many past days of the target's kind the means take at most: four (the reference's), and the rule's.
    static let sameKindDays = (short: 4, long: theRule.baselineDays)

    /// A day kind as the `target_kind` column holds it.
    public static func kindCode(_ kind: ForecastCalendar.DayKind) -> Int {
        switch kind {
        case .working: 0
        case .saturday: 1
        case .sundayOrHoliday: 2
        }
    }

    /// The features of a forecast from `start` (a bucket with a value) `minutes` ahead, or nil when the start has no
    /// value. `value` gives free spaces in a bucket and must not look past `start`.
    public static func row(
        start: Int, minutes: Int, capacity: Int, calendar: ForecastCalendar, value: (Int) -> Double?
    ) -> [Float]? {
        guard let now = value(start) else { return nil }
        let cap = Double(max(capacity, 1))
        let target = start + minutes / 5
        let kind = calendar.kind(ofBucket: target)
        func share(_ v: Double?) -> Float { v.map { Float($0 / cap) } ?? .nan }
        func change(_ back: Int) -> Float { value(start - back).map { Float((now - $0) / cap) } ?? .nan }

        var targets: [Double] = []
        var starts: [Double] = []
        for day in 1...theRule.lookbackDays where calendar.kind(ofBucket: target - day * TimeSlot.perDay) == kind {
            guard let s = value(start - day * TimeSlot.perDay), let t = value(target - day * TimeSlot.perDay) else {
                continue
            }
            starts.append(s)
            targets.append(t)
            if targets.count == sameKindDays.long { break }
        }
        func mean(_ values: ArraySlice<Double>) -> Double? {
            values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
        }
        let short = min(sameKindDays.short, targets.count)
        let target4 = mean(targets.prefix(short))
        let start4 = mean(starts.prefix(short))
        let target6 = mean(targets[...])
        let start6 = mean(starts[...])
        let weekTarget = value(target - TimeSlot.perWeek)
        let weekStart = value(start - TimeSlot.perWeek)
        var spread = Float.nan
        if targets.count >= 2 {
            let changes = zip(targets, starts).map { $0 - $1 }
            let mean = changes.reduce(0, +) / Double(changes.count)
            let variance = changes.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(changes.count - 1)
            spread = Float(variance.squareRoot() / cap)
        }
        var rule = Float.nan
        if let target6, let start6 {
            rule = Float((target6 + exp(-Double(minutes) / theRule.anomalyFade) * (now - start6) - now) / cap)
        }
        let minuteOfDay = { (bucket: Int) in Float(calendar.minuteOfDay(ofBucket: bucket)) }
        return [
            Float(minutes), Float(capacity), minuteOfDay(start), minuteOfDay(target),
            Float(SeoulTime.weekday(ofDay: calendar.dayNumber(ofBucket: target))), Float(kindCode(kind)),
            Float(now / cap), change(3), change(6), change(12), share(weekTarget),
            weekTarget.flatMap { t in weekStart.map { Float((t - $0) / cap) } } ?? .nan,
            share(target4), start4.map { Float((now - $0) / cap) } ?? .nan,
            target6.flatMap { t in start6.map { Float((t - $0) / cap) } } ?? .nan,
            start6.map { Float((now - $0) / cap) } ?? .nan, rule, spread,
        ]
    }
}
