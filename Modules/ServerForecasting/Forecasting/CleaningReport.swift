import Foundation

/// What cleaning a recorded history did to it: every row dropped or changed, counted by reason.
public struct CleaningReport: Sendable, Equatable {
    /// Why a row was not used.
    public enum Drop: String, Sendable, CaseIterable, Comparable {
        /// Not four fields, or a field that is not a number or an ISO 8601 time with an offset.
        case malformed
        /// Capacity zero or negative.
        case noCapacity = "no-capacity"
        /// A negative occupied count (a miscounting sensor).
        case negativeCount = "negative-count"
        /// Occupied above 120% of capacity: not a full lot, a broken counter.
        case implausibleCount = "implausible-count"
        /// The same lot and time again with the same count.
        case duplicate
        /// The same lot and time with different counts: neither can be trusted.
        case conflictingDuplicate = "conflicting-duplicate"
        /// An earlier reading in the same 5-minute bin as a later one (the later one is kept).
        case sameBin = "same-bin"
        /// The lot was recorded on too few days to learn its days from.
        case fewDays = "few-days"

        public static func < (a: Drop, b: Drop) -> Bool { a.rank < b.rank }
        private var rank: Int { Self.allCases.firstIndex(of: self)! }
    }

    /// Rows read (the header and blank lines not counted).
    public var rows = 0
    /// Rows dropped, by reason.
    public var dropped: [Drop: Int] = [:]
    /// Rows with occupied above capacity (up to 120%), kept as a full lot.
    public var clippedToCapacity = 0
    /// Readings not on a 5-minute boundary, binned onto the 5-minute grid.
    public var offGrid = 0
    /// Days without a reading between a lot's first and last recorded day (nothing to drop; not scored).
    public var missingDays = 0
    /// Lots whose capacity changed during the recording (each reading uses its own row's capacity).
    public var capacityChanges: [String] = []
    /// Lots dropped as `fewDays`.
    public var lotsDropped: [String] = []
    /// Lots kept.
    public var lotsKept = 0

    public init() {}

    /// Rows used after cleaning.
    public var kept: Int { rows - dropped.values.reduce(0, +) }

    mutating func drop(_ reason: Drop, _ count: Int = 1) {
        guard count > 0 else { return }
        dropped[reason, default: 0] += count
    }

    /// The report as printed before the backtest table.
    public func render() -> String {
        var lines = ["\(rows) rows read, \(kept) used, \(lotsKept) lots scored"]
        for reason in dropped.keys.sorted() {
            var line = "  dropped \(dropped[reason]!) \(reason.rawValue)"
            if reason == .fewDays { line += " (\(lotsDropped.joined(separator: ", ")))" }
            lines.append(line)
        }
        if clippedToCapacity > 0 { lines.append("  kept \(clippedToCapacity) above capacity as full") }
        if offGrid > 0 { lines.append("  binned \(offGrid) readings at irregular times onto the 5-minute grid") }
        if missingDays > 0 { lines.append("  \(missingDays) lot-days missing (not scored, not used as history)") }
        if !capacityChanges.isEmpty { lines.append("  capacity changed: \(capacityChanges.joined(separator: ", "))") }
        return lines.joined(separator: "\n")
    }
}
