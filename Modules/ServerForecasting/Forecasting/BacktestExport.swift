import Foundation

/// Every row a reference model needs to be scored beside the forecaster with the same rolling origin: the candidate
/// training rows (each usable by a week's model when its target is before that week's cut-off) and the scored rows
/// (each start and horizon the forecaster was scored on, with its p50), all with ``ForecastFeatures``.
public struct BacktestExport: Sendable {
    /// Where a row comes from and what happened.
    public struct Row: Sendable {
        public var lot: String
        public var capacity: Int
        public var start: Int
        public var minutes: Int
        /// The scored week (an index into `cutoffs`); nil for a training row.
        public var week: Int?
        /// Free spaces at the target.
        public var actual: Int
        /// The forecaster's p10, p50 and p90 (scored rows).
        public var p10: Int?
        public var p50: Int?
        public var p90: Int?
    }

    /// Each scored week's cut-off bucket: its model learned from targets before it.
    public var cutoffs: [Int] = []
    public var features = FeatureMatrix(columns: ForecastFeatures.names.count)
    public var rows: [Row] = []

    public init() {}

    /// Adds every training row the series offers (as ``ForecastTraining`` builds them).
    mutating func appendTraining(_ series: [HistorySeries], training: ForecastTraining) {
        let all = training.rows(series, starts: Int.min..<Int.max, before: Int.max)
        features.values += all.matrix.values
        for key in all.keys {
            let lot = series[key.lot]
            let now = lot.value(key.start) ?? 0
            rows.append(
                Row(
                    lot: lot.lot.id.rawValue, capacity: lot.lot.capacity, start: key.start, minutes: key.minutes,
                    week: nil,
                    actual: lot.value(key.start + key.minutes / 5) ?? now))
        }
    }

    /// Adds one scored start and horizon, its features read from values up to the start only.
    mutating func appendScored(
        lot: HistorySeries, start: Int, minutes: Int, actual: Int, interval: (p10: Int, p50: Int, p90: Int), week: Int,
        calendar: ForecastCalendar
    ) {
        guard
            let row = ForecastFeatures.row(
                start: start, minutes: minutes, capacity: lot.lot.capacity, calendar: calendar,
                value: { $0 <= start ? lot.value($0).map(Double.init) : nil })
        else { return }
        features.append(row)
        rows.append(
            Row(
                lot: lot.lot.id.rawValue, capacity: lot.lot.capacity, start: start, minutes: minutes, week: week,
                actual: actual, p10: interval.p10, p50: interval.p50, p90: interval.p90))
    }

    mutating func append(_ other: BacktestExport) {
        features.values += other.features.values
        rows += other.rows
    }

    /// The rows as CSV: `lot,capacity,start,minutes,week,actual,p10,p50,p90` and the features by name (empty =
    /// unknown).
    public func csv() -> String {
        var lines = [
            (["lot", "capacity", "start", "minutes", "week", "actual", "p10", "p50", "p90"] + ForecastFeatures.names)
                .joined(
                    separator: ",")
        ]
        let columns = features.columns
        lines.reserveCapacity(rows.count + 1)
        for (index, row) in rows.enumerated() {
            let optional = { (value: Int?) in value.map(String.init) ?? "" }
            var fields: [String] = [row.lot, String(row.capacity), String(row.start), String(row.minutes)]
            fields += [optional(row.week), String(row.actual), optional(row.p10), optional(row.p50), optional(row.p90)]
            for value in features.values[(index * columns)..<((index + 1) * columns)] {
                fields.append(value.isNaN ? "" : "\(value)")
            }
            lines.append(fields.joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
